// expect: drf
//--blockDim=64 --gridDim=1
// The fixed version of bf16_shared_racy.cu: the barrier orders every store
// of the tile before the neighbours' reads.
#include <cuda_bf16.h>
__global__ void shift(__nv_bfloat16 *out, const float *in) {
  __shared__ __nv_bfloat16 tile[65];
  tile[threadIdx.x] = __float2bfloat16(in[threadIdx.x]);
  if (threadIdx.x == 0)
    tile[64] = __float2bfloat16(0.0f);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x + 1];
}
