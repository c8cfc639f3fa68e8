// expect: racy
//--blockDim=64 --gridDim=1
// As propagate_drf.cu with || for &&: thread k now sets cell k when it is
// marked, in the round where the other threads read it.
__global__ void propagate(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int k = 0; k < 64; k++) {
    if (s[t] == 0 || s[k] != 0) // want race
      s[t] = k + 1; // want race
    __syncthreads();
  }
  out[t] = s[t];
}
