// expect: drf
//--blockDim=64 --gridDim=[*,1,1]
// The fixed version of half_store_racy.cu, and the other ways to store a
// half: each thread writes its own element i of out, through the
// conversion, a float assignment, a compound addition, and an __half2 pair
// (elements 2i and 2i+1 of out2, its own too).
#include <cuda_fp16.h>
__global__ void convert(__half *out, __half2 *out2, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __float2half(in[i]);
  out[i] += __float2half(1.0f);
  out2[i] = __floats2half2_rn(in[i], 2.0f);
}
