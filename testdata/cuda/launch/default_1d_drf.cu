// expect: drf
// No launch configuration is given. The kernel only looks at the x
// dimension, so it is checked for one-dimensional blocks and grids of any
// size ([*,1,1], [*,1,1]): each thread writes its own element of shared
// memory (per block) and of global memory (offset by its block).
__global__ void fill(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
