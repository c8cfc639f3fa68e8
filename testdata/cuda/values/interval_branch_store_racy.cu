// expect: racy
//--blockDim=64 --gridDim=1
// The odd threads store a + 1 into their own cell between two reads of
// it: for them b != a, and they all write out[0]. A read after the
// thread's own store (here under a branch) does not read the value the
// interval began with.
__global__ void interval_branch_store(int *out, const int *in) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int a = s[t];
  if (t % 2)
    s[t] = a + 1;
  int b = s[t];
  if (a != b)
    out[0] = t; // want race
}
