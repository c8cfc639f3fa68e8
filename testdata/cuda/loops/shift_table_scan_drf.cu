// expect: drf
//--blockDim=128 --gridDim=1
// A work-efficient exclusive scan over 256 elements (up-sweep, clear,
// down-sweep): `offset` doubles beside `d` halving from a constant, then
// halves beside `d` doubling. Race-free because the loop over d runs
// exactly 8 iterations with d = 128 >> k (its last iteration has d == 1,
// so only thread 0 touches sums[255], the cell it then clears), and
// offset is 256 >> k exactly in the down-sweep. Both loops are tables of
// their values (internal/infer/symexec/table.go); without that, the last iteration
// could have d == 2 and thread 1 would seem to race with the clear.
#define M 256
__global__ void scan256(int *out, const int *in) {
  __shared__ int sums[M];
  unsigned t = threadIdx.x;
  int offset = 1;
  sums[2 * t] = in[2 * t];
  sums[2 * t + 1] = in[2 * t + 1];
  for (int d = M >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      sums[b] += sums[a];
    }
    offset *= 2;
  }
  if (t == 0)
    sums[M - 1] = 0;
  for (int d = 1; d < M; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      int v = sums[a];
      sums[a] = sums[b];
      sums[b] += v;
    }
  }
  __syncthreads();
  out[2 * t] = sums[2 * t];
  out[2 * t + 1] = sums[2 * t + 1];
}
