// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// The read of flags[t] happens only when t < n, and the write of out[t]
// only when both hold; the ternary picks one of two reads.
__global__ void guarded(int *out, const int *flags, const int *x, const int *y, int n) {
  int t = threadIdx.x;
  if (t < n && flags[t] > 0)
    out[t] = flags[t] > 1 ? x[t] : y[t];
}
