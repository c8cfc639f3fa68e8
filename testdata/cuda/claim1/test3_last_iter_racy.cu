// expect: racy
//--blockDim=64 --gridDim=1
// Claim 1, test 3 (Cogumbreiro et al., Fig. 5 "last-iter") as CUDA, with T the block
// size: the last iteration's A[tid + 1] is written after the loop's last
// barrier, in the same phase as A[tid + T]: thread T - 1 writes A[T] and so
// does thread 0.
__global__ void last_iter(int N) {
  __shared__ int A[128];
  for (int x = 0; x < N; x++) {
    __syncthreads();
    A[threadIdx.x + 1] = x; // want race
  }
  A[threadIdx.x + blockDim.x] = 0; // want race
}
