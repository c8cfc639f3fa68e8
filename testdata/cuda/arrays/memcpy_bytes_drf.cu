// expect: drf
//--blockDim=64 --gridDim=1
// memcpy copies bytes, whatever the types: each thread copies the first 8
// of the 12 bytes of its own element (three ints), so the byte ranges
// [12t, 12t + 8) of distinct threads never meet, in either array.
#include <string.h>
struct triple { int a, b, c; };
__global__ void head(triple *out, const triple *in) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 8);
}
