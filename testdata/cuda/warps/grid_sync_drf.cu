// expect: drf
//--blockDim=64 --gridDim=4
// Each thread reads its right neighbour in the whole array (the last thread
// of a block reads the first element of the next block), then a grid-wide
// barrier, then each writes its own element: grid.sync() orders threads of
// different blocks as well.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift(int *a, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i + 1 < n ? a[i + 1] : 0;
  grid.sync();
  if (i < n)
    a[i] = v;
}
