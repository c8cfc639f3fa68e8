// expect: drf
//--blockDim=128 --gridDim=8
// The election of elected_leader_drf.cu inside a branch that every thread
// of a block takes alike (n is a parameter): no write to best can run in
// the barrier interval of its read, so every thread of the block reads one
// value there, at most one thread's index equals it, and out[blockIdx.x]
// has at most one writer.
__global__ void elect(const int *score, int *out, int n) {
  __shared__ int best;
  if (n > 2) {
    if (threadIdx.x == 0)
      best = score[blockIdx.x] % blockDim.x;
    __syncthreads();
    if (threadIdx.x == best)
      out[blockIdx.x] = threadIdx.x;
  }
}
