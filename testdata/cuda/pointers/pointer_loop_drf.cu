// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// A pointer bumped by the block size at each iteration is an induction
// variable: at iteration i it is A + threadIdx.x + i * blockDim.x, one
// cell per (thread, iteration).
__global__ void stride(float *A, int n) {
  float *p = A + threadIdx.x;
  for (int i = 0; i < n; i++) {
    *p = 0.0f;
    p += blockDim.x;
  }
}
