// drfcheck stub of cuda_bf16.h: bfloat16 values, declared like half
// precision (cuda_fp16.h): a struct around the 16 bits of the value, whose
// assignments, constructors and compound operators store them.
// __CUDA_NO_BFLOAT16_OPERATORS__, __CUDA_NO_BFLOAT162_OPERATORS__ and
// __CUDA_NO_BFLOAT16_CONVERSIONS__ work as in CUDA.
#ifndef DRFCHECK_CUDA_BF16_H
#define DRFCHECK_CUDA_BF16_H
#include "cuda_fp16.h"

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __nv_bfloat16;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ __nv_bfloat16 __double2bfloat16(double);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(int);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rn(unsigned int);
__host__ __device__ __nv_bfloat16 __short2bfloat16_rn(short);
__host__ __device__ __nv_bfloat16 __ushort2bfloat16_rn(unsigned short);
__host__ __device__ __nv_bfloat16 __ll2bfloat16_rn(long long);
__host__ __device__ __nv_bfloat16 __ull2bfloat16_rn(unsigned long long);

struct __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r) { __x = r.x; return *this; }
  __host__ __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = __x; return r; }
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __nv_bfloat16(float f) { *this = __float2bfloat16(f); }
  __host__ __device__ __nv_bfloat16(double f) { *this = __double2bfloat16(f); }
  __host__ __device__ __nv_bfloat16(const __half &f) { *this = __float2bfloat16(__half2float(f)); }
  __host__ __device__ __nv_bfloat16(int i) { *this = __int2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16(unsigned int i) { *this = __uint2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16(short i) { *this = __short2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16(unsigned short i) { *this = __ushort2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16(long long i) { *this = __ll2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16(unsigned long long i) { *this = __ull2bfloat16_rn(i); }
  __host__ __device__ __nv_bfloat16 &operator=(float f) { *this = __float2bfloat16(f); return *this; }
  __host__ __device__ __nv_bfloat16 &operator=(double f) { *this = __double2bfloat16(f); return *this; }
  __host__ __device__ operator float() const { return __bfloat162float(*this); }
  __host__ __device__ explicit operator bool() const { return (__x & 0x7FFFU) != 0; }
#endif
};
struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r) { x.__x = r.x; y.__x = r.y; }
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &r) { x.__x = r.x; y.__x = r.y; return *this; }
  __host__ __device__ operator __nv_bfloat162_raw() const { __nv_bfloat162_raw r; r.x = x.__x; r.y = y.__x; return r; }
};
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

__DRF_CVT4(__nv_bfloat16, __float2bfloat16, float)
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__DRF_HALF_INT(__nv_bfloat16, bfloat16, int, int) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned int, uint)
__DRF_HALF_INT(__nv_bfloat16, bfloat16, short, short) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned short, ushort)
__DRF_HALF_INT(__nv_bfloat16, bfloat16, long long, ll) __DRF_HALF_INT(__nv_bfloat16, bfloat16, unsigned long long, ull)
__host__ __device__ inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
__host__ __device__ inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
__host__ __device__ inline __nv_bfloat16 __short_as_bfloat16(short i) { __nv_bfloat16_raw r; r.x = (unsigned short)i; return __nv_bfloat16(r); }
__host__ __device__ inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short i) { __nv_bfloat16_raw r; r.x = i; return __nv_bfloat16(r); }
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
__DRF_HALF_OPS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hne, __hlt, __hgt, __hle, __hge,
               __ushort_as_bfloat16((unsigned short)0x3F80U))
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__DRF_HALF_OPS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbne2, __hblt2, __hbgt2,
               __hble2, __hbge2, __bfloat162bfloat162(__ushort_as_bfloat16((unsigned short)0x3F80U)))
#endif

__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val);

#endif
