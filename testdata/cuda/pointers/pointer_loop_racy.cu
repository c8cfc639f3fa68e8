// expect: racy
//--blockDim=[*,1,1] --gridDim=1
// Bumped by one instead: thread 0 at i = 1 and thread 1 at i = 0 both
// write A[1].
__global__ void stride(float *A, int n) {
  float *p = A + threadIdx.x;
  for (int i = 0; i < n; i++) {
    *p = (float)threadIdx.x; // want race
    p += 1;
  }
}
