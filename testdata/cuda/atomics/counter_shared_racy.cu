// expect: racy
//--blockDim=64 --gridDim=2
// A __shared__ counter is one per block: block 0's and block 1's counters
// both hand out 0, so thread 0 of each block writes out[0]. (The CUDA
// oracle found drfcheck calling this race-free when it took any counter
// at a block-uniform address for the whole grid.)
__global__ void compact(int *out) {
  __shared__ int count;
  int slot = atomicAdd(&count, 1);
  out[slot] = blockIdx.x * blockDim.x + threadIdx.x; // want race
}
