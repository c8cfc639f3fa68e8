// expect: drf
//--blockDim=64 --gridDim=1
// Both paths store to s[t]: a thread reads back t or t + 64, as c says
// (c is one value for all threads). Two threads t != u read t and u, or
// t + 64 and u + 64: distinct, below 128.
__global__ void own_value_branch(int *out, bool c) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (c) s[t] = t + 64;
  __syncthreads();
  out[s[t]] = t;
}
