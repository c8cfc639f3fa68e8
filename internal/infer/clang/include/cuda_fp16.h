// drfcheck stub of cuda_fp16.h: half precision values. As in CUDA's own
// header, __half is a struct around the 16 bits of its value (__x), and
// __half2 a pair of them: an __half in memory is two bytes, and every
// assignment, constructor and compound operator below stores them, so that
// the front end sees each store at its width. The values themselves are
// abstracted (drfcheck does not model floating point): the arithmetic,
// declared without a body, gives a fresh value per call and per thread,
// and only the reinterpretations of the bits (__half_as_ushort and its
// inverses) are exact. The arithmetic shared with cuda_bf16.h is declared
// by __DRF_HALF_ARITH, the operators by __DRF_HALF_OPS, which define them as
// CUDA does: h += x is h = __hadd(h, x). __CUDA_NO_HALF_OPERATORS__,
// __CUDA_NO_HALF2_OPERATORS__ and __CUDA_NO_HALF_CONVERSIONS__ work as in
// CUDA.
#ifndef DRFCHECK_CUDA_FP16_H
#define DRFCHECK_CUDA_FP16_H
#include "drfcheck_prelude.h"

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

// the conversions the constructors below use
struct __half;
struct __half2;
__host__ __device__ __half __float2half(float);
__host__ __device__ __half __double2half(double);
__host__ __device__ float __half2float(__half);
__host__ __device__ __half __int2half_rn(int);
__host__ __device__ __half __uint2half_rn(unsigned int);
__host__ __device__ __half __short2half_rn(short);
__host__ __device__ __half __ushort2half_rn(unsigned short);
__host__ __device__ __half __ll2half_rn(long long);
__host__ __device__ __half __ull2half_rn(unsigned long long);

struct __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
  __host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
  __host__ __device__ operator __half_raw() const { __half_raw r; r.x = __x; return r; }
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __host__ __device__ __half(float f) { *this = __float2half(f); }
  __host__ __device__ __half(double f) { *this = __double2half(f); }
  __host__ __device__ __half(int i) { *this = __int2half_rn(i); }
  __host__ __device__ __half(unsigned int i) { *this = __uint2half_rn(i); }
  __host__ __device__ __half(short i) { *this = __short2half_rn(i); }
  __host__ __device__ __half(unsigned short i) { *this = __ushort2half_rn(i); }
  __host__ __device__ __half(long long i) { *this = __ll2half_rn(i); }
  __host__ __device__ __half(unsigned long long i) { *this = __ull2half_rn(i); }
  __host__ __device__ __half &operator=(float f) { *this = __float2half(f); return *this; }
  __host__ __device__ __half &operator=(double f) { *this = __double2half(f); return *this; }
  __host__ __device__ __half &operator=(int i) { *this = __int2half_rn(i); return *this; }
  __host__ __device__ __half &operator=(unsigned int i) { *this = __uint2half_rn(i); return *this; }
  __host__ __device__ operator float() const { return __half2float(*this); }
  __host__ __device__ explicit operator bool() const { return (__x & 0x7FFFU) != 0; }
#endif
};
struct __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r) { x.__x = r.x; y.__x = r.y; }
  __host__ __device__ __half2 &operator=(const __half2_raw &r) { x.__x = r.x; y.__x = r.y; return *this; }
  __host__ __device__ operator __half2_raw() const { __half2_raw r; r.x = x.__x; r.y = y.__x; return r; }
};
typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

// conversions: x2half_rn and its rounding modes, half2x_rn ...
#define __DRF_CVT4(T, n, A) __host__ __device__ T n##_rn(A); __host__ __device__ T n##_rz(A); __host__ __device__ T n##_rd(A); __host__ __device__ T n##_ru(A);
#define __DRF_HALF_INT(H, h, I, i) __DRF_CVT4(H, __##i##2##h, I) __DRF_CVT4(I, __##h##2##i, H)
__DRF_CVT4(__half, __float2half, float)
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __float22half2_rn(float2);
__host__ __device__ float2 __half22float2(__half2);
__DRF_HALF_INT(__half, half, int, int) __DRF_HALF_INT(__half, half, unsigned int, uint)
__DRF_HALF_INT(__half, half, short, short) __DRF_HALF_INT(__half, half, unsigned short, ushort)
__DRF_HALF_INT(__half, half, long long, ll) __DRF_HALF_INT(__half, half, unsigned long long, ull)
__host__ __device__ inline short __half_as_short(__half h) { return (short)h.__x; }
__host__ __device__ inline unsigned short __half_as_ushort(__half h) { return h.__x; }
__host__ __device__ inline __half __short_as_half(short i) { __half_raw r; r.x = (unsigned short)i; return __half(r); }
__host__ __device__ inline __half __ushort_as_half(unsigned short i) { __half_raw r; r.x = i; return __half(r); }
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ __half2 __lows2half2(__half2, __half2);
__host__ __device__ __half2 __highs2half2(__half2, __half2);
__host__ __device__ __half2 __lowhigh2highlow(__half2);
__host__ __device__ __half2 __low2half2(__half2);
__host__ __device__ __half2 __high2half2(__half2);
__host__ __device__ __half2 make_half2(__half, __half);

// arithmetic and math of a half type H and its pair type H2 (cuda_bf16.h
// has the same functions)
#define __DRF_H1(H, n) __host__ __device__ H n(H);
#define __DRF_H2(H, n) __host__ __device__ H n(H, H);
#define __DRF_H3(H, n) __host__ __device__ H n(H, H, H);
#define __DRF_HB(H, n) __host__ __device__ bool n(H, H);
#define __DRF_HALF_ARITH(H, H2) \
  __DRF_H2(H, __hadd) __DRF_H2(H, __hsub) __DRF_H2(H, __hmul) __DRF_H2(H, __hdiv) __DRF_H2(H, __hadd_sat) \
  __DRF_H2(H, __hsub_sat) __DRF_H2(H, __hmul_sat) __DRF_H2(H, __hadd_rn) __DRF_H2(H, __hsub_rn) __DRF_H2(H, __hmul_rn) \
  __DRF_H2(H, __hmax) __DRF_H2(H, __hmin) __DRF_H2(H, __hmax_nan) __DRF_H2(H, __hmin_nan) \
  __DRF_H3(H, __hfma) __DRF_H3(H, __hfma_sat) __DRF_H3(H, __hfma_relu) __DRF_H1(H, __hneg) __DRF_H1(H, __habs) \
  __DRF_HB(H, __heq) __DRF_HB(H, __hne) __DRF_HB(H, __hle) __DRF_HB(H, __hge) __DRF_HB(H, __hlt) __DRF_HB(H, __hgt) \
  __DRF_HB(H, __hequ) __DRF_HB(H, __hneu) __DRF_HB(H, __hleu) __DRF_HB(H, __hgeu) __DRF_HB(H, __hltu) __DRF_HB(H, __hgtu) \
  __host__ __device__ bool __hisnan(H); __host__ __device__ int __hisinf(H); \
  __DRF_H1(H, hsqrt) __DRF_H1(H, hrsqrt) __DRF_H1(H, hrcp) __DRF_H1(H, hlog) __DRF_H1(H, hlog2) __DRF_H1(H, hlog10) \
  __DRF_H1(H, hexp) __DRF_H1(H, hexp2) __DRF_H1(H, hexp10) __DRF_H1(H, hcos) __DRF_H1(H, hsin) __DRF_H1(H, hceil) \
  __DRF_H1(H, hfloor) __DRF_H1(H, hrint) __DRF_H1(H, htrunc) __DRF_H1(H, htanh) \
  __DRF_H2(H2, __hadd2) __DRF_H2(H2, __hsub2) __DRF_H2(H2, __hmul2) __DRF_H2(H2, __h2div) __DRF_H2(H2, __hadd2_sat) \
  __DRF_H2(H2, __hsub2_sat) __DRF_H2(H2, __hmul2_sat) __DRF_H2(H2, __hadd2_rn) __DRF_H2(H2, __hsub2_rn) \
  __DRF_H2(H2, __hmul2_rn) __DRF_H2(H2, __hmax2) __DRF_H2(H2, __hmin2) __DRF_H2(H2, __hmax2_nan) __DRF_H2(H2, __hmin2_nan) \
  __DRF_H3(H2, __hfma2) __DRF_H3(H2, __hfma2_sat) __DRF_H3(H2, __hfma2_relu) __DRF_H3(H2, __hcmadd) \
  __DRF_H1(H2, __hneg2) __DRF_H1(H2, __habs2) __DRF_H1(H2, __hisnan2) \
  __DRF_H2(H2, __heq2) __DRF_H2(H2, __hne2) __DRF_H2(H2, __hle2) __DRF_H2(H2, __hge2) __DRF_H2(H2, __hlt2) __DRF_H2(H2, __hgt2) \
  __DRF_H2(H2, __hequ2) __DRF_H2(H2, __hneu2) __DRF_H2(H2, __hleu2) __DRF_H2(H2, __hgeu2) __DRF_H2(H2, __hltu2) __DRF_H2(H2, __hgtu2) \
  __DRF_HB(H2, __hbeq2) __DRF_HB(H2, __hbne2) __DRF_HB(H2, __hble2) __DRF_HB(H2, __hbge2) __DRF_HB(H2, __hblt2) __DRF_HB(H2, __hbgt2) \
  __DRF_HB(H2, __hbequ2) __DRF_HB(H2, __hbneu2) __DRF_HB(H2, __hbleu2) __DRF_HB(H2, __hbgeu2) __DRF_HB(H2, __hbltu2) __DRF_HB(H2, __hbgtu2) \
  __DRF_H1(H2, h2sqrt) __DRF_H1(H2, h2rsqrt) __DRF_H1(H2, h2rcp) __DRF_H1(H2, h2log) __DRF_H1(H2, h2log2) \
  __DRF_H1(H2, h2log10) __DRF_H1(H2, h2exp) __DRF_H1(H2, h2exp2) __DRF_H1(H2, h2exp10) __DRF_H1(H2, h2cos) \
  __DRF_H1(H2, h2sin) __DRF_H1(H2, h2ceil) __DRF_H1(H2, h2floor) __DRF_H1(H2, h2rint) __DRF_H1(H2, h2trunc) __DRF_H1(H2, h2tanh)
// C++ operators of H, defined as CUDA defines them (by value, which
// callers cannot tell from CUDA's const H &): a compound assignment or an
// increment reads its operand and stores the new value. ONE is the raw
// bits of 1 (one per component for a pair).
#define __DRF_HALF_OPS(H, ADD, SUB, MUL, DIV, NEG, EQ, NE, LT, GT, LE, GE, ONE) \
  __host__ __device__ inline H operator+(H a, H b) { return ADD(a, b); } \
  __host__ __device__ inline H operator-(H a, H b) { return SUB(a, b); } \
  __host__ __device__ inline H operator*(H a, H b) { return MUL(a, b); } \
  __host__ __device__ inline H operator/(H a, H b) { return DIV(a, b); } \
  __host__ __device__ inline H &operator+=(H &a, H b) { a = ADD(a, b); return a; } \
  __host__ __device__ inline H &operator-=(H &a, H b) { a = SUB(a, b); return a; } \
  __host__ __device__ inline H &operator*=(H &a, H b) { a = MUL(a, b); return a; } \
  __host__ __device__ inline H &operator/=(H &a, H b) { a = DIV(a, b); return a; } \
  __host__ __device__ inline H operator+(H a) { return a; } \
  __host__ __device__ inline H operator-(H a) { return NEG(a); } \
  __host__ __device__ inline H &operator++(H &a) { a = ADD(a, ONE); return a; } \
  __host__ __device__ inline H &operator--(H &a) { a = SUB(a, ONE); return a; } \
  __host__ __device__ inline H operator++(H &a, int) { H r = a; a = ADD(a, ONE); return r; } \
  __host__ __device__ inline H operator--(H &a, int) { H r = a; a = SUB(a, ONE); return r; } \
  __host__ __device__ inline bool operator==(H a, H b) { return EQ(a, b); } \
  __host__ __device__ inline bool operator!=(H a, H b) { return NE(a, b); } \
  __host__ __device__ inline bool operator<(H a, H b) { return LT(a, b); } \
  __host__ __device__ inline bool operator>(H a, H b) { return GT(a, b); } \
  __host__ __device__ inline bool operator<=(H a, H b) { return LE(a, b); } \
  __host__ __device__ inline bool operator>=(H a, H b) { return GE(a, b); }

__DRF_HALF_ARITH(__half, __half2)
#if !defined(__CUDA_NO_HALF_OPERATORS__)
__DRF_HALF_OPS(__half, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hne, __hlt, __hgt, __hle, __hge,
               __ushort_as_half((unsigned short)0x3C00U))
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__DRF_HALF_OPS(__half2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbne2, __hblt2, __hbgt2, __hble2,
               __hbge2, __half2half2(__ushort_as_half((unsigned short)0x3C00U)))
#endif

__device__ __half atomicAdd(__half *address, __half val);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);

#endif
