// expect: racy
//--blockDim=64 --gridDim=1
// Every thread converts its own input to half precision and stores it into
// out[0]: 64 stores of different values to one 2-byte element, a race.
// (An __half is a struct around its 16 bits, as in CUDA's cuda_fp16.h; its
// assignment stores them.)
#include <cuda_fp16.h>
__global__ void convert(__half *out, const float *in) {
  out[0] = __float2half(in[threadIdx.x]); // want race
}
