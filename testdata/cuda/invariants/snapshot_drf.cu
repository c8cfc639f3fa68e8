// expect: drf
//--blockDim=64 --gridDim=1
// GPUVerify's ghost array idiom: each thread snapshots the array after
// storing its cell (g becomes the thread's own copy of what it knows of
// a), counts its cell up n times, and the invariant relates the cell to
// the copy: a[t] == g[t] + n, checked with the cell known from the count
// (an induction cell) and the copy from the thread's own store, whatever
// n >= 0 (for a negative n the loop does not run and the invariant would
// fail). The snapshot accesses nothing: no race on g.
__global__ void ghost(int *out, int n) {
  __requires(n >= 0);
  __shared__ int a[64];
  __shared__ int g[64];
  int t = threadIdx.x;
  a[t] = 3 * t;
  __array_snapshot(g, a);
  for (int i = 0; i < n; i++)
    a[t]++;
  __barrier_invariant(a[t] == g[t] + n, t);
  __syncthreads();
  out[a[t] - n] = t; // 3 * t: the cell read back one barrier after the count
}
