// expect: drf
//--blockDim=64 --gridDim=1
// Both ways out of f store to s[t]: the odd threads read back t + 64, the
// even ones t, all distinct and below 128.
__device__ void f(int *s, int t) {
  if (t % 2) {
    s[t] = t + 64;
    return;
  }
  s[t] = t;
}

__global__ void own_value_return(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  f(s, t);
  out[s[t]] = t;
}
