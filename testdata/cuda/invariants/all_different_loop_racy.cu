// expect: racy
//--blockDim=64 --gridDim=1
// As all_different_loop_drf.cu, but odd threads add two in every round:
// at the head of round i an even thread e holds e + i and an odd thread o
// holds o + 2 * i, equal when i = e - o. At round 1 thread 1 holds 3, as
// thread 2 does: the invariant fails at the barrier of round 1 (its check
// knows both cells from the round count).
__global__ void all_different(int *out, int n) {
  __shared__ int a[64];
  int t = threadIdx.x;
  a[t] = t;
  for (int i = 0; i < n; i++) {
    __barrier_invariant_binary(a[t] != a[__other_int(t)], t, __other_int(t)); // want invariant
    __syncthreads();
    a[t] += 1 + (t & 1);
  }
}
