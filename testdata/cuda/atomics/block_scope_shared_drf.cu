// expect: drf
//--blockDim=64 --gridDim=4
// Block-scope atomics on shared memory: each block has its own hist, so
// only threads of one block meet there, and for them atomicOr_block is
// atomic. After the barrier, thread t reads hist[t % 8] and writes its own
// out cell.
__global__ void bits(unsigned *out, const unsigned *in) {
  __shared__ unsigned hist[8];
  if (threadIdx.x < 8)
    hist[threadIdx.x] = 0;
  __syncthreads();
  atomicOr_block(&hist[threadIdx.x % 8], in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = hist[threadIdx.x % 8];
}
