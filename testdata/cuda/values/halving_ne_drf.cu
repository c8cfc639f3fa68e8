// expect: drf
//--blockDim=64 --gridDim=1
// A bitonic sort of 128 keys whose inner loop runs while stride != 0
// rather than stride > 0. stride starts at size / 2, a power of two (size
// doubles from 2), and halves: it reaches 0 after 1 and the loop ends
// there, exactly as with stride > 0, running at least once for every
// size (size / 2 >= 1). So stride takes powers of two only, the pairs pos
// = 2t - (t & (stride - 1)) and pos + stride of two threads are disjoint,
// and the barrier at the top of each step separates the steps.
__global__ void sort(int *d) {
  __shared__ int s[128];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 64] = d[threadIdx.x + 64];
  for (unsigned size = 2; size <= 128; size <<= 1) {
    for (unsigned stride = size / 2; stride != 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      int a = s[pos], b = s[pos + stride];
      if (a > b) { s[pos] = b; s[pos + stride] = a; }
    }
  }
}
