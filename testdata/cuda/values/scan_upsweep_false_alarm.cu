// expect: racy
//--blockDim=256 --gridDim=1
// KNOWN FALSE ALARM: the up-sweep of the work-efficient (Blelloch) scan.
// In the step where d threads work, offset is 256 / d: thread t < d adds
// t[offset*(2t+1) - 1] into t[offset*(2t+2) - 1], disjoint cells for
// distinct threads, and the barrier separates the steps: data-race free.
// d halving from 256 is known to be a power of two, but offset, doubled
// alongside it, is a second variable of the loop whose relation to d
// (offset * d == 256) the front end does not keep: it is any value.
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
      t[bi] += t[ai]; // want race
    }
    offset *= 2;
  }
}
