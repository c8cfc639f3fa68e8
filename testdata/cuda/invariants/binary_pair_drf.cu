// expect: drf
//--blockDim=128 --gridDim=1
// A binary barrier invariant assumed for the pair of threads compared
// (GPUVerify's instantiation (e, __other_int(e))). Each thread reads its
// own cell at line 16 (its store of 2t + 1, one barrier back), which makes
// the invariant hold for every pair; after the barrier each thread reads
// its neighbour's cell, which it knows nothing of but the invariant: for
// the pair (s, t) compared, instantiated at their neighbours (s + 1) % 128
// and (t + 1) % 128, it says the two cells differ, so the two threads
// write different cells of out. An instantiation of one thread alone
// could not relate the values the two threads read.
__global__ void binary_pair(int *out) {
  __shared__ int a[128];
  unsigned t = threadIdx.x;
  a[t] = 2 * t + 1;
  __syncthreads();
  int mine = a[t];
  __barrier_invariant_binary(a[t] != a[__other_int(t)], (t + 1) % 128, __other_int((t + 1) % 128));
  __syncthreads();
  out[a[(t + 1) % 128]] = mine;
}
