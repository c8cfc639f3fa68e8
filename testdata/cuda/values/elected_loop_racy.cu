// expect: racy
//--blockDim=128 --gridDim=8
// elected_loop_drf.cu without the second barrier: thread 0 goes on to the
// next round and writes best while other threads still read this round's
// value, a race on best. Through it, two threads may read different values
// (this round's and the next's), both match their own index, and both write
// out[blockIdx.x * 4 + r]: a race that follows from the race on best, and
// that drfcheck does not report on its own (values read are those of runs
// without the first race).
__global__ void elect(const int *score, int *out) {
  __shared__ int best;
  for (int r = 0; r < 4; r++) {
    if (threadIdx.x == 0)
      best = score[blockIdx.x * 4 + r] % blockDim.x; // want race
    __syncthreads();
    if (threadIdx.x == best) // want race
      out[blockIdx.x * 4 + r] = threadIdx.x;
  }
}
