// expect: drf
//--blockDim=128 --gridDim=1
// The last warp of a tree reduction written for independent thread
// scheduling: each step reads into a register, then __syncwarp() orders the
// reads of the warp before its writes, and the next __syncwarp() orders the
// writes before the next step's reads. Only warp 0 (tid < 32, all of it)
// runs warpReduce, so every __syncwarp is reached by a whole warp, and the
// threads of warp 0 are ordered by it (Bardsley and Donaldson).
__device__ void warpReduce(float *sdata, unsigned int tid) {
  float v = sdata[tid];
  for (int offset = 32; offset > 0; offset /= 2) {
    v += sdata[tid + offset];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
}

__global__ void reduce(float *g_odata, const float *g_idata) {
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 64)
    sdata[tid] += sdata[tid + 64];
  __syncthreads();
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
