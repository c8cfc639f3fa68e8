// drfcheck stub of cuda_fp8.h: 8-bit floating-point values (E4M3 and E5M2),
// as declarations.
#ifndef DRFCHECK_CUDA_FP8_H
#define DRFCHECK_CUDA_FP8_H
#include "cuda_fp16.h"
#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);

// the scalar, pair and quadruple types of one encoding (I is its
// __nv_fp8_interpretation_t): as in CUDA, a struct around the storage
// (__x), which every constructor sets, so that a store of one is a store
// of its bytes
#define __DRF_FP8(E, I) \
  struct __nv_fp8_##E { \
    __nv_fp8_storage_t __x; \
    __nv_fp8_##E() = default; \
    __host__ __device__ explicit __nv_fp8_##E(float f) { __x = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(double f) { __x = __nv_cvt_double_to_fp8(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(const __half f) { __x = __nv_cvt_halfraw_to_fp8(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(const __nv_bfloat16 f) { __x = __nv_cvt_bfloat16raw_to_fp8(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(int i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(unsigned int i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(long long i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(unsigned long long i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(short i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8_##E(unsigned short i) { __x = __nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, I); } \
    __host__ __device__ explicit operator float() const; \
    __host__ __device__ explicit operator double() const; \
    __host__ __device__ explicit operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, I)); } \
    __host__ __device__ explicit operator __nv_bfloat16() const; \
    __host__ __device__ explicit operator int() const; \
    __host__ __device__ explicit operator bool() const { return (__x & 0x7FU) != 0; } \
  }; \
  struct __nv_fp8x2_##E { \
    __nv_fp8x2_storage_t __x; \
    __nv_fp8x2_##E() = default; \
    __host__ __device__ explicit __nv_fp8x2_##E(const float2 f) { __x = __nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8x2_##E(const double2 f) { __x = __nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8x2_##E(const __half2 f) { __x = __nv_cvt_halfraw2_to_fp8x2(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit __nv_fp8x2_##E(const __nv_bfloat162 f) { __x = __nv_cvt_bfloat16raw2_to_fp8x2(f, __NV_SATFINITE, I); } \
    __host__ __device__ explicit operator float2() const; \
    __host__ __device__ explicit operator __half2() const { return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, I)); } \
  }; \
  struct __nv_fp8x4_##E { \
    __nv_fp8x4_storage_t __x; \
    __nv_fp8x4_##E() = default; \
    __host__ __device__ explicit __nv_fp8x4_##E(const float4 f) { __x = __drf_fp8x4(f.x, f.y, f.z, f.w, I); } \
    __host__ __device__ explicit __nv_fp8x4_##E(const double4 f) { __x = __drf_fp8x4(f.x, f.y, f.z, f.w, I); } \
    __host__ __device__ explicit __nv_fp8x4_##E(const __half2 lo, const __half2 hi) { \
      __x = __drf_fp8x4(__half2float(lo.x), __half2float(lo.y), __half2float(hi.x), __half2float(hi.y), I); \
    } \
    __host__ __device__ explicit __nv_fp8x4_##E(const __nv_bfloat162 lo, const __nv_bfloat162 hi) { \
      __x = __drf_fp8x4(__bfloat162float(lo.x), __bfloat162float(lo.y), __bfloat162float(hi.x), __bfloat162float(hi.y), I); \
    } \
    __host__ __device__ explicit operator float4() const; \
  };
// four values converted into one storage word: a fresh value, as the
// conversions above (drfcheck does not model floating point)
__host__ __device__ __nv_fp8x4_storage_t __drf_fp8x4(float, float, float, float, __nv_fp8_interpretation_t);
__DRF_FP8(e4m3, __NV_E4M3)
__DRF_FP8(e5m2, __NV_E5M2)

#endif
