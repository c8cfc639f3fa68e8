// expect: drf
//--blockDim=64 --gridDim=1
// Thread t writes s[4t + 3] through the vector and s[4t] directly: all
// distinct.
__global__ void pack(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  reinterpret_cast<float4 *>(s)[t].w = 1.0f;
  s[4 * t] = 2.0f;
}
