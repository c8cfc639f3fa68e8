// expect: drf
//--blockDim=64 --gridDim=[*,1,1]
// The fixed version of half_accumulate_racy.cu: atomicAdd on an __half
// (sm_70 and later) updates the 2-byte element atomically; atomics do not
// race with each other. The same for bfloat16.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void total(__half *acc, __nv_bfloat16 *bacc, const __half *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&acc[0], in[i]);
  atomicAdd(&bacc[0], __float2bfloat16(__half2float(in[i])));
}
