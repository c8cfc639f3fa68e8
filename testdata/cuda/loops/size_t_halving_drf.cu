// expect: drf
//--blockDim=256 --gridDim=1
// A tree reduction whose stride is a size_t halved from blockDim.x / 2:
// in each round thread t < k adds s[t + k] into s[t], and the barrier ends
// the round. A size_t is never negative, so k > 0 and k >>= 1 are the
// halving loop of an unsigned int.
__global__ void reduce(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[256];
  size_t t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (size_t k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
}
