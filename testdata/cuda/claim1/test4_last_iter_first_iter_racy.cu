// expect: racy
//--blockDim=64 --gridDim=1
// Claim 1, test 4 (Cogumbreiro et al., Fig. 5 "last-iter-first-iter") as CUDA. The
// last iteration of the nested loops (x = y = N) writes A[tid + 2N] after
// its barrier, in the same phase as the first iteration of the z loop
// (z = 2N), which writes A[tid + 2N + 1] before its barrier: thread 1
// writes A[1 + 2N] and so does thread 0.
__global__ void last_iter_first_iter(int N) {
  __shared__ int A[256];
  for (int x = 1; x < N + 1; x++) {
    for (int y = 1; y < x + 1; y++) {
      __syncthreads();
      A[threadIdx.x + x + y] = 0; // want race
    }
  }
  for (int z = N * 2; z < N * 3; z++) {
    A[threadIdx.x + z + 1] = 1; // want race
    __syncthreads();
  }
}
