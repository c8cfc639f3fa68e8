// expect: drf
//--blockDim=[32,1,1] --gridDim=1
// The down-sweep of a work-efficient scan: an int d doubles from 1 while
// d <= blockDim.x, which C compares as unsigned numbers (d's residue
// modulo 2^32). d starts at 1 and only doubles (signed overflow being
// undefined), so its residue is d itself and the loop runs for d = 1, 2,
// ..., 32 with offset = 32, 16, ..., 1 beside it. At each level the d
// threads below d swap and add t[offset * (2 tid + 1) - 1] and
// t[offset * (2 tid + 2) - 1]: an odd and an even multiple of offset, minus
// one, distinct cells; the barrier separates the levels.
__global__ void down(float *g) {
  __shared__ float t[64];
  int tid = threadIdx.x;
  t[2 * tid] = g[2 * tid];
  t[2 * tid + 1] = g[2 * tid + 1];
  int offset = 64;
  for (int d = 1; d <= blockDim.x; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float v = t[ai];
      t[ai] = t[bi];
      t[bi] += v;
    }
  }
  __syncthreads();
  g[2 * tid] = t[2 * tid];
  g[2 * tid + 1] = t[2 * tid + 1];
}
