// expect: drf
//--blockDim=256 --gridDim=1
// The up-sweep of the work-efficient (Blelloch) scan. In the step where d
// threads work, offset is 256 / d: thread t < d adds t[offset*(2t+1) - 1]
// into t[offset*(2t+2) - 1], cells no other thread of the step touches
// (offset*(2t+2) - 1 is offset*(2t'+1) - 1 for no t', the one odd, the
// other even multiple of offset), and the barrier separates the steps.
// d halves from 256, a power of two, and offset doubles alongside it from
// 1: the front end keeps offset == 256 / d.
__global__ void scan(int *g) {
  __shared__ int t[512];
  int tid = threadIdx.x;
  int offset = 1;
  t[2 * tid] = g[2 * tid];
  t[2 * tid + 1] = g[2 * tid + 1];
  for (int d = 512 >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      t[bi] += t[ai];
    }
    offset *= 2;
  }
}
