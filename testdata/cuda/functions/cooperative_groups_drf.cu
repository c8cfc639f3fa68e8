// expect: drf
//--blockDim=128 --gridDim=1
// Cooperative groups: thread_rank() is the linear thread index and
// block.sync() a block barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse(int *d) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int s[128];
  unsigned int t = block.thread_rank();
  s[t] = d[t];
  block.sync();
  d[t] = s[block.size() - 1 - t];
}
