// expect: racy
//--blockDim=64 --gridDim=1
// The odd threads leave f by its early return, having stored 0: after the
// call they read 0 back, and threads 1 and 3 both write out[0].
__device__ void f(int *s, int t) {
  if (t % 2) {
    s[t] = 0;
    return;
  }
  s[t] = t;
}

__global__ void own_value_return(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  f(s, t);
  out[s[t]] = t; // want race
}
