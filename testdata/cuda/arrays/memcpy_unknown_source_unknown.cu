// expect: unknown
//--blockDim=64 --gridDim=1
// The source of the copy is a pointer loaded from memory: the bytes it
// reads may be ones another thread writes, which drfcheck cannot tell, so
// the read is reported rather than dropped. Each thread writes only its
// own out element.
#include <string.h>
__global__ void gather(int **pp, int *out) {
  int *src = pp[threadIdx.x];
  memcpy(&out[threadIdx.x], src, sizeof(int)); // want unknown
}
