// expect: drf
//--blockDim=128 --gridDim=1
// A tile of 32 threads is a warp: its sync() orders the threads of the
// warp, so each thread may read what its lane neighbour in the same tile
// wrote.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(int *out) {
  __shared__ int s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned int base = tile.meta_group_rank() * 32;
  s[threadIdx.x] = threadIdx.x;
  tile.sync();
  out[threadIdx.x] = s[base + (tile.thread_rank() + 1) % 32];
}
