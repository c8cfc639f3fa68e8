// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// The classic tree reduction (sequential addressing). The stride halves at
// each iteration and the loop has a barrier: it is checked as a counter k
// with the stride an unknown s(k) in 0 < s(k) <= blockDim.x / 2, never by
// merging iterations. In an iteration, thread t < s writes sdata[t] and
// reads sdata[t + s] >= s: no other thread writes there.
__global__ void reduce(float *g_odata, const float *g_idata, unsigned int n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
