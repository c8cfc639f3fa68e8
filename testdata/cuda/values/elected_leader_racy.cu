// expect: racy
//--blockDim=256 --gridDim=1
// The same election, but best[0] is written again in the interval where it
// is read (thread 1 resets it): the reset races with the reads of best[0].
// Through that race, threads may read different values, and two of them
// can both match and write out[0]; drfcheck reports the race on best and
// takes the values read to be those of runs without it (a race that only
// follows from another is not reported on its own: fixing the first fixes
// it).
__global__ void elect(const int *score, int *out) {
  __shared__ int best[1];
  if (threadIdx.x == 0)
    best[0] = score[0] % blockDim.x;
  __syncthreads();
  if (threadIdx.x == best[0]) // want race
    out[0] = threadIdx.x;
  if (threadIdx.x == 1)
    best[0] = 0; // want race
}
