// expect: racy
//--blockDim=64 --gridDim=1
// As snapshot_drf.cu, but the loop adds two per round: the invariant
// a[t] == g[t] + n fails for n >= 1 (a[t] is g[t] + 2 * n).
__global__ void ghost(int *out, int n) {
  __shared__ int a[64];
  __shared__ int g[64];
  int t = threadIdx.x;
  a[t] = 3 * t;
  __array_snapshot(g, a);
  for (int i = 0; i < n; i++)
    a[t] += 2;
  __barrier_invariant(a[t] == g[t] + n, t); // want invariant
  __syncthreads();
}
