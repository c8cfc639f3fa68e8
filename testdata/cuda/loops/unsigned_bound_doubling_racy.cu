// expect: racy
//--blockDim=[32,1,1] --gridDim=1
// unsigned_bound_doubling_drf.cu with one level too many: d runs to
// 2 * blockDim.x = 64, so in the seventh iteration offset is 64 >> 7 = 0
// and each of the 32 threads swaps t[-1] with itself: every thread writes
// the same cell.
__global__ void down(float *g) {
  __shared__ float t[64];
  int tid = threadIdx.x;
  t[2 * tid] = g[2 * tid];
  t[2 * tid + 1] = g[2 * tid + 1];
  int offset = 64;
  for (int d = 1; d <= 2 * blockDim.x; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float v = t[ai]; // want race
      t[ai] = t[bi];   // want race
      t[bi] += v;      // want race
    }
  }
  __syncthreads();
  g[2 * tid] = t[2 * tid];
  g[2 * tid + 1] = t[2 * tid + 1];
}
