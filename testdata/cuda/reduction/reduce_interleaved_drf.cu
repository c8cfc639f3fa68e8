// expect: drf
//--blockDim=64 --gridDim=1
// The interleaved reduction: at stride s, threads that are multiples of
// 2s add the cell s away. A writer t1 (t1 % 2s == 0) and a reader of
// t2 + s (t2 % 2s == 0) never meet: t2 + s is an odd multiple of s.
__global__ void reduce(int *g_odata, const int *g_idata) {
  __shared__ int sdata[64];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[tid];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[0] = sdata[0];
}
