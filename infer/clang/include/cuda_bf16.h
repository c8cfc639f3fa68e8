// drfcheck stub of cuda_bf16.h: bfloat16 values, declared like half
// precision (cuda_fp16.h). __CUDA_NO_BFLOAT16_OPERATORS__,
// __CUDA_NO_BFLOAT162_OPERATORS__ and __CUDA_NO_BFLOAT16_CONVERSIONS__ work
// as in CUDA.
#ifndef DRFCHECK_CUDA_BF16_H
#define DRFCHECK_CUDA_BF16_H
#include "cuda_fp16.h"

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __nv_bfloat16 {
  unsigned short __x;
  __host__ __device__ __nv_bfloat16() {}
  __host__ __device__ __nv_bfloat16 &operator=(__nv_bfloat16) { return *this; }
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r);
  __host__ __device__ operator __nv_bfloat16_raw() const;
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __nv_bfloat16(float f) {}
  __host__ __device__ __nv_bfloat16(double f) {}
  __host__ __device__ __nv_bfloat16(const __half &f) {}
  __host__ __device__ __nv_bfloat16(int i) {}
  __host__ __device__ __nv_bfloat16(unsigned int i) {}
  __host__ __device__ __nv_bfloat16(short i) {}
  __host__ __device__ __nv_bfloat16(unsigned short i) {}
  __host__ __device__ __nv_bfloat16(long long i) {}
  __host__ __device__ __nv_bfloat16(unsigned long long i) {}
  __host__ __device__ operator float() const;
  __host__ __device__ explicit operator bool() const;
#endif
};
struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __host__ __device__ __nv_bfloat162() {}
  __host__ __device__ __nv_bfloat162 &operator=(__nv_bfloat162) { return *this; }
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r) {}
  __host__ __device__ operator __nv_bfloat162_raw() const;
};
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__DRF_CVT4(__nv_bfloat16, __float2bfloat16, float)
__host__ __device__ __nv_bfloat16 __double2bfloat16(double);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__DRF_HALF_INT(__nv_bfloat16, bfloat16, int, int) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned int, uint)
__DRF_HALF_INT(__nv_bfloat16, bfloat16, short, short) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned short, ushort)
__DRF_HALF_INT(__nv_bfloat16, bfloat16, long long, ll) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned long long, ull)
__host__ __device__ short __bfloat16_as_short(__nv_bfloat16);
__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(short);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);
__host__ __device__ float __low2float(__nv_bfloat162);
__host__ __device__ float __high2float(__nv_bfloat162);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __low2bfloat162(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __high2bfloat162(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 make_bfloat162(__nv_bfloat16, __nv_bfloat16);

__DRF_HALF_ARITH(__nv_bfloat16, __nv_bfloat162)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__DRF_HALF_OPS(__nv_bfloat16)
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__DRF_HALF_OPS(__nv_bfloat162)
#endif

__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val);

#endif
