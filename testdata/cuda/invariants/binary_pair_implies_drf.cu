// expect: drf
//--blockDim=128 --gridDim=1
// binary_pair_drf.cu with the invariant written as an implication on the
// pair, as GPUVerify's annotations often are: its facts about the values
// read hold under a condition of the pair, and stay assumptions about the
// pair (a conditional cannot name the other thread). Each thread reads its
// own cell at line 15, which makes the invariant hold; instantiated at the
// two neighbours, it says the cells they read differ, so two threads write
// different cells of out.
__global__ void binary_pair(int *out) {
  __shared__ int a[128];
  unsigned t = threadIdx.x;
  a[t] = 2 * t + 1;
  __syncthreads();
  int mine = a[t];
  __barrier_invariant_binary(__implies(t != __other_int(t) && a[t] > 0, a[t] != a[__other_int(t)]), (t + 1) % 128, __other_int((t + 1) % 128));
  __syncthreads();
  if (a[(t + 1) % 128] > 0)
    out[a[(t + 1) % 128]] = mine;
}
