// expect: racy
//--blockDim=64 --gridDim=1
// Each thread copies 8 bytes of in to the same place of out, 6-byte
// structs apart: threads 0 and 1 both copy in's bytes 6 and 7 to out's
// bytes 6 and 7. The values are the same bytes of in, but two copies to
// one place are a race, as GPUVerify counts them: out is accessed only
// by the copies, whose bytes do not split its elements into cells.
#include <string.h>
struct rec { short x, y; char z; };
__global__ void copy(rec *out, const rec *in) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 8); // want race
}
