// expect: unknown
//--blockDim=64 --gridDim=1
// A memset of a local struct with a length the kernel does not know may
// write past the struct (undefined behaviour): drfcheck cannot say what
// it overwrites.
#include <string.h>
struct pair { int x, y; };
__global__ void fill(pair *out, int n) {
  pair p;
  memset(&p, 0, n); // want unknown
  out[threadIdx.x] = p;
}
