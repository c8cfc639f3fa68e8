// expect: unknown
//--blockDim=256 --gridDim=[*,1,1]
// Texture and surface references, which nvcc declares without an include:
// the declarations get through clang, and a fetch reads none of the
// kernel's arrays (each thread writes its own out[i]). A texture is
// read-only in device code, so its fetches are opaque values; but a
// surface is written through (surf2Dwrite stores into memory the protocol
// does not track), so that use is unknown.
texture<float, 2, cudaReadModeElementType> image;
texture<uchar4, 2, cudaReadModeNormalizedFloat> rgba;
texture<unsigned int, 1, cudaReadModeElementType> keys;
surface<void, cudaSurfaceType2D> target;

__global__ void sample(float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float4 px = tex2D(rgba, x + 0.5f, 0.5f);
  float v = tex2D(image, x + 0.5f, 0.5f) + px.x;
  v += tex1Dfetch(keys, x);
  surf2Dwrite(v, target, x * (int)sizeof(float), 0); // want unknown
  out[x] = v;
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray *array;
  cudaMallocArray(&array, &desc, 64, 64);
  image.addressMode[0] = cudaAddressModeClamp;
  image.filterMode = cudaFilterModeLinear;
  image.normalized = false;
  cudaBindTextureToArray(image, array, desc);
  float *out;
  cudaMalloc(&out, 64 * sizeof(float));
  sample<<<1, 64>>>(out, 64);
  cudaUnbindTexture(image);
  cudaFreeArray(array);
  return 0;
}
