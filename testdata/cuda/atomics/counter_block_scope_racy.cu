// expect: racy
//--blockDim=32 --gridDim=2
// Stream compaction through a counter of block scope: within a block the
// slots atomicAdd_block hands out are distinct, but the blocks' updates of
// the one global count are not atomic to each other, so two blocks can get
// the same slot and write one out cell. (With atomicAdd, of device scope,
// the slots are distinct across the grid: atomics/stream_compaction_drf.cu.)
__global__ void compact(int *out, int *count, const int *in) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v != 0) {
    int slot = atomicAdd_block(count, 1); // want race
    out[slot] = v;                         // want race
  }
}
