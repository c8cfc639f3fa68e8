// expect: racy
//--blockDim=128 --gridDim=1
// The same last warp with only the __syncwarp() between the read and the
// write: nothing orders a step's write with the next step's read, so thread
// 0 reads sdata[16] (offset 16) while thread 16 still writes sdata[16]
// (its write of offset 32).
__device__ void warpReduce(float *sdata, unsigned int tid) {
  float v = sdata[tid];
  for (int offset = 32; offset > 0; offset /= 2) {
    v += sdata[tid + offset]; // want race
    __syncwarp();
    sdata[tid] = v; // want race
  }
}

__global__ void reduce(float *g_odata, const float *g_idata) {
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 32)
    warpReduce(sdata, tid);
}
