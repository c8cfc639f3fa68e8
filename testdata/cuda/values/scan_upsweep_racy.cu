// expect: racy
//--blockDim=256 --gridDim=1
// scan_upsweep_drf.cu without the barrier at the top of each step: the
// steps are no longer separated, and thread 1 adds into t[3] in the first
// step (offset 1) while thread 0 adds into t[3] in the second (offset 2).
__global__ void scan(int *g) {
  __shared__ int t[512];
  int tid = threadIdx.x;
  int offset = 1;
  t[2 * tid] = g[2 * tid];
  t[2 * tid + 1] = g[2 * tid + 1];
  __syncthreads();
  for (int d = 512 >> 1; d > 0; d >>= 1) {
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      t[bi] += t[ai]; // want race
    }
    offset *= 2;
  }
}
