// expect: drf
//--blockDim=64 --gridDim=1
// The threads' cells start distinct (a[t] = t) and each thread adds one
// to its own in every round: the binary invariant a[t] != a[u] holds at
// the barrier of every round and after the loop, whatever n. Each round's
// check knows the cells from the round count (t + i and u + i, the cell
// counted up in memory is an induction cell): no loop invariant and no
// unrolling is needed. After the loop the scatter through a[t] - n = t
// writes distinct cells.
__global__ void all_different(int *out, int n) {
  __shared__ int a[64];
  int t = threadIdx.x;
  a[t] = t;
  for (int i = 0; i < n; i++) {
    __barrier_invariant_binary(a[t] != a[__other_int(t)], t, __other_int(t));
    __syncthreads();
    a[t]++;
  }
  __barrier_invariant_binary(a[t] != a[__other_int(t)], t, __other_int(t));
  __syncthreads();
  out[a[t] - n] = t;
}
