// expect: racy
//--blockDim=256 --gridDim=1
// The same election, but best[0] is written again in the interval where it
// is read (thread 1 resets it), so threads may read different values: two
// of them can both match and write out[0]; and the reset races with the
// reads of best[0].
__global__ void elect(const int *score, int *out) {
  __shared__ int best[1];
  if (threadIdx.x == 0)
    best[0] = score[0] % blockDim.x;
  __syncthreads();
  if (threadIdx.x == best[0]) // want race
    out[0] = threadIdx.x; // want race
  if (threadIdx.x == 1)
    best[0] = 0; // want race
}
