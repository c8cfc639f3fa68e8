// expect: warps=racy, blocks=drf, grid=drf
//--blockDim=64 --gridDim=[*,1,1]
// Cooperative groups through <cuda.h> and a using-directive, as GPUVerify's
// tests write them. In warps, a tile's sync() synchronizes one warp only:
// thread t reads s[t + 1] after its tile's sync, but thread 32 (of the
// other warp) writes s[32], which thread 31 reads: a race. In blocks,
// GPUVerify's synchronize(block) is a block barrier between the writes and
// the reads. In grid, each thread reads back its own element after a
// grid-wide barrier, which every thread reaches: no race.
#include <cuda.h>

using namespace cooperative_groups;

__global__ void warps(int *out) {
  __shared__ int s[65];
  thread_block block = this_thread_block();
  thread_block_tile<32> tile = tiled_partition<32>(block);
  s[block.thread_rank()] = (int)tile.thread_rank(); // want race
  tile.sync();
  out[blockIdx.x * 64 + block.thread_rank()] = s[block.thread_rank() + 1]; // want race
}

__global__ void blocks(int *out) {
  __shared__ int s[65];
  thread_block block = this_thread_block();
  s[block.thread_rank()] = 1;
  synchronize(block);
  out[blockIdx.x * 64 + block.thread_rank()] = s[block.thread_rank() + 1];
}

__global__ void grid(int *data) {
  grid_group g = this_grid();
  unsigned long long i = g.thread_rank();
  data[i] = 1;
  g.sync();
  data[i] += 1;
}
