// expect: drf
//--blockDim=64 --gridDim=1
// Claim 1, test 2 fixed: the first iteration does not write. Before the
// first barrier only A[tid + 1] is written, one cell per thread; every later
// phase holds the writes A[tid] of one iteration, one cell per thread. When
// N <= 0 the loop does not run and only A[tid + 1] is written.
__global__ void first_iter(int N) {
  __shared__ int A[65];
  A[threadIdx.x + 1] = 0;
  for (int x = 0; x < N; x++) {
    if (x > 0)
      A[threadIdx.x] = x;
    __syncthreads();
  }
}
