// expect: drf
//--blockDim=128 --gridDim=1
// A binary barrier invariant (Chong et al.): every two distinct threads
// stored different values. It is checked for each pair with what both
// threads stored (2s and 2t), and assumed after the barrier for the pair
// (t, t ^ 1). Thread t then knows its own cell (2t, read back) differs
// from its partner's, so the branch that writes out[0] is never taken:
// without the invariant the partner's cell could hold 2t, and every thread
// could write out[0].
__global__ void binary_distinct(int *out) {
  __shared__ int a[128];
  unsigned t = threadIdx.x;
  a[t] = 2 * t;
  __barrier_invariant_binary(a[t] != a[__other_int(t)], t, t ^ 1);
  __syncthreads();
  if (a[t] != a[t ^ 1])
    out[t + 1] = t;
  else
    out[0] = t;
}
