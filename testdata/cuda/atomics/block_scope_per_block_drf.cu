// expect: drf
//--blockDim=64 --gridDim=4
// The fixed version of block_scope_grid_racy.cu: each block adds into its
// own total[blockIdx.x], which only its own threads touch, and for them
// atomicAdd_block is atomic.
__global__ void sum(int *total, const int *in) {
  atomicAdd_block(&total[blockIdx.x], in[blockIdx.x * blockDim.x + threadIdx.x]);
}
