// expect: drf
//--blockDim=64 --gridDim=1
// A bitonic sort of 128 keys whose loop variables are signed and whose
// inner loop starts from size >> 1 rather than size / 2. size doubles from
// 2, so it is a power of two, never negative, and size >> 1 is size / 2, a
// power of two too: stride halves through powers of two, the pairs pos =
// 2t - (t & (stride - 1)) and pos + stride of two threads are disjoint, and
// the barrier at the top of each step separates the steps.
__global__ void sort(int *d) {
  __shared__ int s[128];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 64] = d[threadIdx.x + 64];
  for (int size = 2; size <= 128; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      __syncthreads();
      int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      int a = s[pos], b = s[pos + stride];
      if (a > b) { s[pos] = b; s[pos + stride] = a; }
    }
  }
}
