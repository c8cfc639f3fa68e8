// expect: drf
//--blockDim=128 --gridDim=1 --warp-sync
// The unrolled last warp of the classic reduction, written for GPUs whose
// warps run in lock-step (before Volta), checked as such (--warp-sync,
// Bardsley and Donaldson): the 32 threads of warp 0 make each access together, so the
// reads of sdata[tid + 16] by one statement all happen before the writes
// of sdata[tid] of the same statement, and after those of the previous
// one. (testdata/cuda/reduction/warp_reduce_racy.cu is the same code under
// today's semantics: racy.)
__device__ void warpReduce(volatile float *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
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
