// expect: racy
//--blockDim=256 --gridDim=1
// sticky_guard_drf.cu with first starting at t, not 2 t: at level 0,
// thread 0 reads s[1] (first + stride) while thread 1 writes s[1].
__global__ void levels(const float *in, float *out, unsigned depth) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  s[t + 256] = in[t + 256];
  __syncthreads();
  unsigned active = 256, stride = 1, first = t;
  for (unsigned level = 0; level < depth; level++) {
    if (t < active) {
      out[active + t] = s[first] - s[first + stride]; // want race
      s[first] = fminf(s[first], s[first + stride]); // want race
      active >>= 1;
      stride <<= 1;
      first <<= 1;
    }
    __syncthreads();
  }
}
