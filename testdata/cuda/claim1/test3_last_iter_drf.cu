// expect: drf
//--blockDim=64 --gridDim=1
// Claim 1, test 3 fixed: only threads below T - 1 write A[tid + 1], which is
// at most A[T - 1], below every A[tid + T]. Within the loop each phase holds
// one iteration's writes, one cell per thread.
__global__ void last_iter(int N) {
  __shared__ int A[128];
  for (int x = 0; x < N; x++) {
    __syncthreads();
    if (threadIdx.x < blockDim.x - 1)
      A[threadIdx.x + 1] = x;
  }
  A[threadIdx.x + blockDim.x] = 0;
}
