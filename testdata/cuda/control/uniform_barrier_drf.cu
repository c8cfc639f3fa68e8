// expect: drf
//--blockDim=64 --gridDim=1
// A barrier under a condition that is the same for every thread is fine:
// either all threads take it or none does. Each case is checked.
__global__ void maybe(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = n;
  if (n > 0) {
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
  }
}
