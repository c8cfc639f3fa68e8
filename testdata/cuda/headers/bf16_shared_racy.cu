// expect: racy
//--blockDim=64 --gridDim=1
// A bfloat16 tile in shared memory: thread t stores tile[t], then reads its
// neighbour's tile[t + 1] with no barrier in between, a race with the
// neighbour's store; thread 63 reads tile[64], which thread 0 stores, a
// race too (bf16_shared_drf.cu has the barrier).
#include <cuda_bf16.h>
__global__ void shift(__nv_bfloat16 *out, const float *in) {
  __shared__ __nv_bfloat16 tile[65];
  tile[threadIdx.x] = __float2bfloat16(in[threadIdx.x]); // want race
  if (threadIdx.x == 0)
    tile[64] = __float2bfloat16(0.0f); // want race
  out[threadIdx.x] = tile[threadIdx.x + 1]; // want race
}
