// expect: racy
//--blockDim=64 --gridDim=1
// Every thread clears the same 32 bytes of the tile, then reads its own
// int: thread 0's memset writes byte 4, which thread 1 reads, with no
// barrier between them (and threads 0 and 1 both write bytes 0 to 31).
#include <string.h>
__global__ void clear(int *out) {
  __shared__ int tile[64];
  memset(tile, 0, 32);                 // want race
  out[threadIdx.x] = tile[threadIdx.x]; // want race
}
