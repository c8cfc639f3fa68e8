// drfcheck stub of cuda_fp16.h: half precision values. drfcheck abstracts
// floating-point values away, so only the declarations matter.
#ifndef DRFCHECK_CUDA_FP16_H
#define DRFCHECK_CUDA_FP16_H
#include "drfcheck_prelude.h"

struct __half {
  unsigned short __x;
  __host__ __device__ __half() {}
  __host__ __device__ __half(float f);
  __host__ __device__ operator float() const;
};
struct __half2 {
  __half x, y;
};
typedef __half half;
typedef __half2 half2;
__host__ __device__ __half __float2half(float f);
__host__ __device__ __half __float2half_rn(float f);
__host__ __device__ float __half2float(__half h);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ float __low2float(__half2 h);
__host__ __device__ float __high2float(__half2 h);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ __half __hneg(__half a);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ __half operator+(const __half &a, const __half &b);
__device__ __half operator-(const __half &a, const __half &b);
__device__ __half operator*(const __half &a, const __half &b);
__device__ __half operator/(const __half &a, const __half &b);
__device__ __half &operator+=(__half &a, const __half &b);
__device__ __half atomicAdd(__half *address, __half val);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);
#endif
