// expect: drf
//--blockDim=256 --gridDim=4
// Thread 0 elects a leader into best[0]; after the barrier no thread writes
// best until the kernel ends, so every thread of the block reads the same
// value there, and only the thread whose index equals it writes
// out[blockIdx.x]: one writer per block, data-race free. (Reading the
// elected index as anything per thread would let two threads both match.)
__global__ void elect(const int *score, int *out) {
  __shared__ int best[1];
  if (threadIdx.x == 0)
    best[0] = score[blockIdx.x] % blockDim.x;
  __syncthreads();
  if (threadIdx.x == best[0])
    out[blockIdx.x] = threadIdx.x;
}
