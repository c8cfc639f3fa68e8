// expect: drf
//--blockDim=1024 --gridDim=1
// The bitonic sort of the CUDA samples' shared-memory kernels, with the
// partner ixj = tid ^ j: of the two threads t and t ^ j, only the lower
// (ixj > tid) touches the pair, and the barrier at the top of each step
// separates the steps. Two threads that meet would have t1 = t2 ^ j, so
// t1 ^ j = t2, and each would be the lower of the pair: impossible.
__global__ void sort(int *d) {
  __shared__ int s[1024];
  unsigned int tid = threadIdx.x;
  s[tid] = d[tid];
  for (unsigned int k = 2; k <= 1024; k <<= 1) {
    for (unsigned int j = k >> 1; j > 0; j >>= 1) {
      __syncthreads();
      unsigned int ixj = tid ^ j;
      if (ixj > tid) {
        int a = s[tid], b = s[ixj];
        if ((tid & k) == 0 ? a > b : a < b) {
          s[tid] = b;
          s[ixj] = a;
        }
      }
    }
  }
  __syncthreads();
  d[tid] = s[tid];
}
