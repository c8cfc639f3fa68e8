// expect: divergent
//--blockDim=64 --gridDim=1
// A barrier in a loop whose condition depends on the thread: threads may
// run different numbers of iterations and wait at different barriers
// (when n is not a multiple of the block size).
__global__ void strided(float *out, int n) {
  __shared__ float s[64];
  int i = threadIdx.x;
  while (i < n) { // want divergence
    s[threadIdx.x] = i;
    __syncthreads();
    out[i] = s[63 - threadIdx.x];
    __syncthreads();
    i += blockDim.x;
  }
}
