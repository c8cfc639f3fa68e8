// expect: racy
//--blockDim=64 --gridDim=1
// Copying 16 bytes into a 12-byte element spills 4 bytes into the next
// element: thread 0 writes bytes [0, 16) and thread 1 bytes [12, 28), so
// both write bytes 12 to 15 (out[1].a).
#include <string.h>
struct triple { int a, b, c; };
__global__ void spill(triple *out, const triple *in) {
  memcpy(&out[threadIdx.x], &in[0], 16); // want race
}
