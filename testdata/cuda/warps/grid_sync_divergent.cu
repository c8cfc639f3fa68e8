// expect: divergent
//--blockDim=64 --gridDim=4
// Only block 0 reaches the grid-wide barrier: the other blocks never do,
// so the grid never gets past it (barrier divergence across blocks).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *a) {
  cg::grid_group grid = cg::this_grid();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1;
  if (blockIdx.x == 0) // want divergence
    grid.sync();
}
