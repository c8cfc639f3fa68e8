// expect: racy
//--blockDim=128 --gridDim=1
// geometric_counter_drf.cu reading s[2 width (t + 1)]: at level 0, thread
// 0 reads s[2] as thread 1 adds into it.
__global__ void pairs(float *out, int levels) {
  __shared__ float s[256];
  s[threadIdx.x] = out[threadIdx.x];
  s[threadIdx.x + 128] = 0;
  __syncthreads();
  unsigned half = 64, width = 1;
  for (int l = 0; l < levels; l++) {
    if (threadIdx.x < half)
      s[2 * width * threadIdx.x] += s[2 * width * threadIdx.x + 2 * width]; // want race
    half >>= 1;
    width <<= 1;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
