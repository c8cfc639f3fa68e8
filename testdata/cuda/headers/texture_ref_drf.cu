// expect: drf
//--blockDim=256 --gridDim=[*,1,1]
// A texture reference read by every thread: device code cannot write a
// texture, and a fetch reads the texture, not the kernel's arrays. Each
// thread writes only out[its global index], so no two threads write one
// element: data-race free.
texture<unsigned int, 1, cudaReadModeElementType> keys;

__global__ void gather(unsigned int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tex1Dfetch(keys, i) + tex1Dfetch(keys, 0);
}
