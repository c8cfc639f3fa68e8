// expect: racy
//--blockDim=64 --gridDim=1
// The loop's first value wraps: threadIdx.x + 0xFFFFFFFF is threadIdx.x - 1
// for threads 1 to 63, so thread 1 writes out[0] and out[1], thread 2
// writes out[1] too. Over unbounded integers the loop would start beyond n
// and never run.
__global__ void from(int *out, unsigned n) {
  for (unsigned i = threadIdx.x + 0xFFFFFFFFu; i < n; i++)
    if (i < 64)
      out[i] = threadIdx.x; // want race
}
