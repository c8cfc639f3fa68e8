// expect: racy
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// The stride forgets the grid: thread 0 of block 1 starts at blockDim.x,
// where thread 0 of block 0 arrives at its second iteration.
__global__ void saxpy(float *y, const float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i]; // want race
}
