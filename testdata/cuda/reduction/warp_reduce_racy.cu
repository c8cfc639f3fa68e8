// expect: racy
//--blockDim=128 --gridDim=1
// The unrolled last warp of the "reduce #5" tutorial kernel, without
// __syncwarp: threads of a warp do not run in lockstep on current GPUs, so
// thread 0 reads sdata[16] while thread 16 writes it. (volatile does not
// order them.)
__device__ void warpReduce(volatile float *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32]; // want race
  sdata[tid] += sdata[tid + 16]; // want race
  sdata[tid] += sdata[tid + 8];  // want race
}

__global__ void reduce(float *g_odata, const float *g_idata) {
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    g_odata[0] = sdata[0];
}
