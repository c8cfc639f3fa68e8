// expect: drf
// Any number of blocks ([*,1,1] grid): the global index
// blockIdx.x * blockDim.x + threadIdx.x is unique across the grid.
__global__ void scale(float *a, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] * k;
}
