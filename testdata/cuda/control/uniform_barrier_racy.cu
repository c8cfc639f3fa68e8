// expect: racy
//--blockDim=64 --gridDim=1
// When n <= 0 the barrier is skipped and the read of s[63 - t] meets the
// write of thread 63 - t.
__global__ void maybe(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = n; // want race
  if (n > 0) {
    __syncthreads();
  }
  out[threadIdx.x] = s[63 - threadIdx.x]; // want race
}
