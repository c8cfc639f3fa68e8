// expect: drf
//--blockDim=256 --gridDim=1
// A reduction by levels, its variables moved only by the active threads:
// a thread that fails t < active keeps active, so it fails it again, and
// the active ones have active = 256 >> k, stride = 2^k, first = t 2^(k+1)
// at level k. They write s[first] and read s[first + stride]: even and odd
// multiples of 2^k, below 512. Each level writes out[active + t], in
// [active, 2 active): disjoint levels. The number of levels is a
// parameter: past level 8 no thread is active.
__global__ void levels(const float *in, float *out, unsigned depth) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  s[t + 256] = in[t + 256];
  __syncthreads();
  unsigned active = 256, stride = 1, first = 2 * t;
  for (unsigned level = 0; level < depth; level++) {
    if (t < active) {
      out[active + t] = s[first] - s[first + stride];
      s[first] = fminf(s[first], s[first + stride]);
      active >>= 1;
      stride <<= 1;
      first <<= 1;
    }
    __syncthreads();
  }
}
