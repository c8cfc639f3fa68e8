// expect: racy
//--blockDim=128 --gridDim=1
// cg::sync on a warp tile is not a block barrier: it does not order thread
// 0's read of s[127] after thread 127's write.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse(int *d) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int s[128];
  unsigned int t = block.thread_rank();
  s[t] = d[t]; // want race
  warp.sync();
  d[t] = s[block.size() - 1 - t]; // want race
}
