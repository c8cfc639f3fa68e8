// expect: racy
//--blockDim=64 --gridDim=1
// Claim 1, test 2 (Cogumbreiro et al., Fig. 5 "first-iter") as CUDA. The write
// A[tid + 1] before the loop and the write A[tid] of the first iteration
// (x = 0) are in the same phase, since the loop's first barrier comes after
// it: thread 0 writes A[1] and so does thread 1. The loop must run once for
// that (N >= 1).
__global__ void first_iter(int N) {
  __shared__ int A[65];
  A[threadIdx.x + 1] = 1; // want race N=1
  for (int x = 0; x < N; x++) {
    A[threadIdx.x] = x; // want race x=0
    __syncthreads();
  }
}
