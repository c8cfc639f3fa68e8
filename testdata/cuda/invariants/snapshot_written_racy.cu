// expect: racy
//--blockDim=64 --gridDim=1
// The destination of a snapshot that code also writes is no ghost: it
// stays the block's shared memory, and every thread writing g[0] races.
// (A ghost array would be each thread's own, where no write can race.)
__global__ void not_ghost(int *out) {
  __shared__ int a[64];
  __shared__ int g[64];
  int t = threadIdx.x;
  a[t] = t;
  __array_snapshot(g, a);
  g[0] = t; // want race
}
