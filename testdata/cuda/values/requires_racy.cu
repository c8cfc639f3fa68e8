// expect: racy
//--blockDim=32 --gridDim=1
// Without the precondition, n = 1 makes thread 0's second write hit thread
// 1's first (and n = -1 thread 1's second write thread 0's first).
__global__ void offset(int *A, int n) {
  A[threadIdx.x] = 0;     // want race
  A[threadIdx.x + n] = 1; // want race
}
