// expect: racy
//--blockDim=64 --gridDim=4
// unsigned_two_step_post_drf.cu with the pointer advanced by n - 1: path
// 999 at step 0 (cell 999) and path 0 at step 1 (cell 0 + 999) are one
// cell, written by different threads (999 and 0 of the grid of 256: 999 is
// thread 231's fourth path), with different values (0 and 1).
__global__ void paths_kernel(float *paths, unsigned n, unsigned steps) {
  __requires(n == 1000);
  __requires(steps == 8);
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = tid; i < n; i += blockDim.x * gridDim.x) {
    float *output = paths + i;
    for (unsigned t = 0; t < steps; t++, output += n - 1)
      *output = t; // want race
  }
}
