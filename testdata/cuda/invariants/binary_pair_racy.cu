// expect: racy
//--blockDim=128 --gridDim=1
// binary_pair_drf.cu with stores that are not all different: threads 2k
// and 2k + 1 store one value, so the invariant fails for them and is
// reported. Assumed after the barrier, it then hides the race that
// follows from it on out: the failure is the finding.
__global__ void binary_pair(int *out) {
  __shared__ int a[128];
  unsigned t = threadIdx.x;
  a[t] = t / 2;
  __syncthreads();
  int mine = a[t];
  __barrier_invariant_binary(a[t] != a[__other_int(t)], (t + 1) % 128, __other_int((t + 1) % 128)); // want invariant
  __syncthreads();
  out[a[(t + 1) % 128]] = mine;
}
