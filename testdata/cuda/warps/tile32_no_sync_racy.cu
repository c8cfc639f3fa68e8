// expect: racy
//--blockDim=128 --gridDim=1
// The same rotation without tile.sync(): lane 0 reads s[1] while lane 1
// writes it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(int *out) {
  __shared__ int s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned int base = tile.meta_group_rank() * 32;
  s[threadIdx.x] = threadIdx.x; // want race
  out[threadIdx.x] = s[base + (tile.thread_rank() + 1) % 32]; // want race
}
