// expect: drf
//--blockDim=128 --gridDim=8
// One election in each of 4 rounds: thread 0 writes best before the first barrier of
// the round, every thread reads it between the two barriers, and the next
// round's write comes after the second. No write to best can run in the
// interval of the read, so in each round every thread of the block reads
// one value, and out[blockIdx.x * 4 + r] has at most one writer.
__global__ void elect(const int *score, int *out) {
  __shared__ int best;
  for (int r = 0; r < 4; r++) {
    if (threadIdx.x == 0)
      best = score[blockIdx.x * 4 + r] % blockDim.x;
    __syncthreads();
    if (threadIdx.x == best)
      out[blockIdx.x * 4 + r] = threadIdx.x;
    __syncthreads();
  }
}
