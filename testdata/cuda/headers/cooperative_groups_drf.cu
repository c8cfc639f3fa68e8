// expect: drf
//--blockDim=256 --gridDim=[*,1,1]
// Cooperative groups as real code writes them. Each thread stages its
// element in the block's tile at its block rank; after the block barrier
// (cg::sync), each warp-sized tile reduces a column of the tile, and lane 0
// of each tile writes the tile's result to its own cell of the block's
// part of out (tile.meta_group_rank() is the tile's index in the block).
// The dynamic partition's rank is only a value.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void column_sums(int *out, const int *in) {
  __shared__ int tile[256];
  cg::thread_block block = cg::this_thread_block();
  tile[block.thread_rank()] = in[cg::this_grid().thread_rank()];
  cg::sync(block);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_group dynamic = cg::tiled_partition(block, 32);
  int v = tile[warp.thread_rank() * 8 + warp.meta_group_rank()];
  int sum = cg::reduce(warp, v, cg::plus<int>());
  sum += warp.shfl_down(sum, 16) + (int)dynamic.thread_rank();
  if (warp.thread_rank() == 0)
    out[blockIdx.x * 8 + warp.meta_group_rank()] = sum;
  block.sync();
}
