// expect: racy
//--blockDim=64 --gridDim=1
// The barrier was moved out of the loop: thread 16 writes sdata[16] at
// stride 32 while thread 0 reads it at stride 16.
__global__ void reduce(float *g_odata, const float *g_idata) {
  __shared__ float sdata[64];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s]; // want race
  }
  __syncthreads();
  if (tid == 0)
    g_odata[0] = sdata[0];
}
