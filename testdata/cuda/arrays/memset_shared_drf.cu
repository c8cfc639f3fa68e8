// expect: drf
//--blockDim=64 --gridDim=1
// Each thread clears its own int (bytes [4t, 4t + 4)) and reads it back
// after a barrier: no two threads touch one byte before the barrier, and
// after it nothing is written.
#include <string.h>
__global__ void clear(int *out) {
  __shared__ int tile[64];
  memset(&tile[threadIdx.x], 0, sizeof(int));
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
