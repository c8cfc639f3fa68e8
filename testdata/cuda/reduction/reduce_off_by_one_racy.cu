// expect: racy
//--blockDim=64 --gridDim=1
// The tree reduction with tid <= s instead of tid < s: at stride s, thread
// s writes sdata[s] while thread 0 reads it, in the same iteration.
__global__ void reduce(float *g_odata, const float *g_idata) {
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid <= s)
      sdata[tid] += sdata[tid + s]; // want race
    __syncthreads();
  }
  if (tid == 0)
    g_odata[0] = sdata[0];
}
