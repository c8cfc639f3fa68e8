// expect: racy
//--blockDim=128 --gridDim=1
// As binary_distinct_drf.cu, but threads 2k and 2k + 1 store the same
// value k: the binary invariant does not hold for that pair, and the check
// finds it with the other thread's store (the pseudo-array's index carries
// what the other thread stored). The scatter below is race free with the
// values really stored (t + 1 is distinct), so the failed invariant is the
// only finding.
__global__ void binary_fails(int *out) {
  __shared__ int a[128];
  unsigned t = threadIdx.x;
  a[t] = t / 2;
  __barrier_invariant_binary(a[t] != a[__other_int(t)], t, t ^ 1); // want invariant
  __syncthreads();
  out[t + 1] = a[t];
}
