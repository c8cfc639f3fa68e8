// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A grid-stride loop: thread g of the grid handles g, g + G, g + 2G, ...
// where G is the number of threads of the grid. The loop variable starts
// at a thread-dependent value: different threads never meet.
__global__ void saxpy(float *y, const float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
