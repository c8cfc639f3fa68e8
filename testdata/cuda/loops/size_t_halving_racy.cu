// expect: racy
//--blockDim=256 --gridDim=1
// The size_t halving reduction with t <= k: in the round of stride k,
// thread k writes s[k] while thread 0 reads it (s[0 + k]).
__global__ void reduce(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[512];
  size_t t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (size_t k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t <= k)
      s[t] += s[t + k]; // want race
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
}
