// expect: drf
//--blockDim=64 --gridDim=1
// A thread reads back its own store, in the same barrier interval: x is 2t,
// so the threads write distinct cells of out.
__global__ void own_value(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = 2 * t;
  int x = s[t];
  out[x] = t;
}
