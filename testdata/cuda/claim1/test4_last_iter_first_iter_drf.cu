// expect: drf
//--blockDim=64 --gridDim=1
// Claim 1, test 4 fixed (without the + 1): the last nested write A[tid + 2N]
// and the first z write A[tid + 2N] collide only for the same thread. Every
// other phase holds the writes of a single iteration, one cell per thread.
__global__ void last_iter_first_iter(int N) {
  __shared__ int A[256];
  for (int x = 1; x < N + 1; x++) {
    for (int y = 1; y < x + 1; y++) {
      __syncthreads();
      A[threadIdx.x + x + y] = 0;
    }
  }
  for (int z = N * 2; z < N * 3; z++) {
    A[threadIdx.x + z] = 0;
    __syncthreads();
  }
}
