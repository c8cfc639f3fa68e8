// expect: drf
//--blockDim=128 --gridDim=[*,1,1]
// Half, bfloat16 and fp8 values computed in registers (their values are
// abstracted: every operation is a value of its operands). Each thread
// reads its own in[i] and writes its own out[i].
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

__global__ void mix(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half h = __float2half(in[i]);
  __half2 h2 = __floats2half2_rn(in[i], 1.0f);
  h2 = __hmul2(h2, h2) + h2;
  half g = __hadd(h, __hmul(h, h)) * h;
  float y = __half2float(g) + __low2float(h2) + __high2float(__hfma2(h2, h2, h2));
  __nv_bfloat16 b = __float2bfloat16(y);
  __nv_bfloat162 b2 = __floats2bfloat162_rn(y, 2.0f);
  __nv_fp8_storage_t e = __nv_cvt_float_to_fp8(y, __NV_SATFINITE, __NV_E4M3);
  __half_raw r = __nv_cvt_fp8_to_halfraw(e, __NV_E4M3);
  out[i] = __bfloat162float(b) + __low2float(b2) + __half2float(__half(r));
}
