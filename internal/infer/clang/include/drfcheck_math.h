// drfcheck prelude, part: device math, included by drfcheck_prelude.h before
// the C and C++ libraries.
#pragma clang system_header
#ifndef DRFCHECK_MATH_H
#define DRFCHECK_MATH_H

// ---- device math ----
// Declared before the C++ library, as clang's own CUDA headers do: global
// __device__ overloads (float, double and the f-suffixed names), pulled into
// namespace std, so that sqrt(x), std::sqrt(x) and sqrtf(x) all call a
// device function of the prelude in device code, and the C library's
// functions in host code. Functions that no C library has (rsqrtf, sinpif,
// normcdff, ...) are __host__ __device__.

#define __DRF_M1(n) \
  __device__ __DRF_PURE float n##f(float); \
  __device__ __DRF_PURE float n(float); \
  __device__ __DRF_PURE double n(double);
#define __DRF_M2(n) \
  __device__ __DRF_PURE float n##f(float, float); \
  __device__ __DRF_PURE float n(float, float); \
  __device__ __DRF_PURE double n(double, double);
#define __DRF_X1(n) \
  __DRF_HDP float n##f(float); \
  __DRF_HDP double n(double);
#define __DRF_X2(n) \
  __DRF_HDP float n##f(float, float); \
  __DRF_HDP double n(double, double);
#define __DRF_USING(n) \
  namespace std { \
  using ::n; \
  }

#define __DRF_MATH1(X) \
  X(acos) X(acosh) X(asin) X(asinh) X(atan) X(atanh) X(cbrt) X(ceil) X(cos) X(cosh) X(erf) X(erfc) X(exp) \
  X(exp2) X(expm1) X(fabs) X(floor) X(lgamma) X(log) X(log10) X(log1p) X(log2) X(logb) X(nearbyint) X(rint) \
  X(round) X(sin) X(sinh) X(sqrt) X(tan) X(tanh) X(tgamma) X(trunc)
#define __DRF_MATH2(X) \
  X(atan2) X(copysign) X(fdim) X(fmax) X(fmin) X(fmod) X(hypot) X(nextafter) X(pow) X(remainder)
__DRF_MATH1(__DRF_M1)
__DRF_MATH2(__DRF_M2)
__DRF_MATH1(__DRF_USING)
__DRF_MATH2(__DRF_USING)
__device__ __DRF_PURE float fmaf(float, float, float);
__device__ __DRF_PURE float fma(float, float, float);
__device__ __DRF_PURE double fma(double, double, double);
__device__ float frexpf(float, int *);
__device__ float frexp(float, int *);
__device__ double frexp(double, int *);
__device__ __DRF_PURE float ldexpf(float, int);
__device__ __DRF_PURE float ldexp(float, int);
__device__ __DRF_PURE double ldexp(double, int);
__device__ float modff(float, float *);
__device__ float modf(float, float *);
__device__ double modf(double, double *);
__device__ float remquof(float, float, int *);
__device__ float remquo(float, float, int *);
__device__ double remquo(double, double, int *);
__device__ __DRF_PURE float scalbnf(float, int);
__device__ __DRF_PURE float scalbn(float, int);
__device__ __DRF_PURE double scalbn(double, int);
__device__ __DRF_PURE float scalblnf(float, long);
__device__ __DRF_PURE float scalbln(float, long);
__device__ __DRF_PURE double scalbln(double, long);
__device__ __DRF_PURE int ilogbf(float);
__device__ __DRF_PURE int ilogb(float);
__device__ __DRF_PURE int ilogb(double);
__device__ __DRF_PURE long lrintf(float);
__device__ __DRF_PURE long lrint(float);
__device__ __DRF_PURE long lrint(double);
__device__ __DRF_PURE long lroundf(float);
__device__ __DRF_PURE long lround(float);
__device__ __DRF_PURE long lround(double);
__device__ __DRF_PURE long long llrintf(float);
__device__ __DRF_PURE long long llrint(float);
__device__ __DRF_PURE long long llrint(double);
__device__ __DRF_PURE long long llroundf(float);
__device__ __DRF_PURE long long llround(float);
__device__ __DRF_PURE long long llround(double);
__device__ __DRF_PURE float nanf(const char *);
__device__ __DRF_PURE double nan(const char *);
__device__ __DRF_PURE float j0f(float);
__device__ __DRF_PURE double j0(double);
__device__ __DRF_PURE float j1f(float);
__device__ __DRF_PURE double j1(double);
__device__ __DRF_PURE float jnf(int, float);
__device__ __DRF_PURE double jn(int, double);
__device__ __DRF_PURE float y0f(float);
__device__ __DRF_PURE double y0(double);
__device__ __DRF_PURE float y1f(float);
__device__ __DRF_PURE double y1(double);
__device__ __DRF_PURE float ynf(int, float);
__device__ __DRF_PURE double yn(int, double);
__device__ __DRF_PURE float exp10f(float);
__device__ __DRF_PURE double exp10(double);
__device__ void sincosf(float x, float *s, float *c);
__device__ void sincos(double x, double *s, double *c);
__device__ __DRF_PURE bool isnan(float);
__device__ __DRF_PURE bool isnan(double);
__device__ __DRF_PURE bool isinf(float);
__device__ __DRF_PURE bool isinf(double);
__device__ __DRF_PURE bool isfinite(float);
__device__ __DRF_PURE bool isfinite(double);
__device__ __DRF_PURE bool signbit(float);
__device__ __DRF_PURE bool signbit(double);
__device__ __DRF_PURE int abs(int);
__device__ __DRF_PURE long abs(long);
__device__ __DRF_PURE long long abs(long long);
__device__ __DRF_PURE float abs(float);
__device__ __DRF_PURE double abs(double);
__device__ __DRF_PURE long labs(long);
__device__ __DRF_PURE long long llabs(long long);
#define __DRF_MATHX(X) X(fma) X(frexp) X(ldexp) X(modf) X(remquo) X(scalbn) X(scalbln) X(ilogb) X(lrint) X(lround) \
  X(llrint) X(llround) X(isnan) X(isinf) X(isfinite) X(signbit) X(abs) X(labs) X(llabs)
__DRF_MATHX(__DRF_USING)
// CUDA's own
__DRF_X1(rsqrt) __DRF_X1(rcbrt) __DRF_X1(sinpi) __DRF_X1(cospi) __DRF_X1(erfinv) __DRF_X1(erfcinv)
__DRF_X1(erfcx) __DRF_X1(normcdf) __DRF_X1(normcdfinv) __DRF_X1(cyl_bessel_i0) __DRF_X1(cyl_bessel_i1)
__DRF_X2(rhypot)
__DRF_HDP float fdividef(float, float);
__DRF_HDP float norm3df(float, float, float);
__DRF_HDP double norm3d(double, double, double);
__DRF_HDP float rnorm3df(float, float, float);
__DRF_HDP double rnorm3d(double, double, double);
__DRF_HDP float norm4df(float, float, float, float);
__DRF_HDP double norm4d(double, double, double, double);
__DRF_HDP float rnorm4df(float, float, float, float);
__DRF_HDP double rnorm4d(double, double, double, double);
__DRF_HDP float normf(int dim, const float *a);
__DRF_HDP double norm(int dim, const double *a);
__DRF_HDP float rnormf(int dim, const float *a);
__DRF_HDP double rnorm(int dim, const double *a);
__DRF_HD void sincospif(float x, float *s, float *c);
__DRF_HD void sincospi(double x, double *s, double *c);

// intrinsics: the fast approximate functions (glibc has host functions
// of some of these names) and the rounding modes
#define __DRF_R4(T, n, ...) \
  __DRF_HDP T n##_rn(__VA_ARGS__); \
  __DRF_HDP T n##_rz(__VA_ARGS__); \
  __DRF_HDP T n##_ru(__VA_ARGS__); \
  __DRF_HDP T n##_rd(__VA_ARGS__);
__device__ __DRF_PURE float __expf(float);
__device__ __DRF_PURE float __exp10f(float);
__device__ __DRF_PURE float __logf(float);
__device__ __DRF_PURE float __log2f(float);
__device__ __DRF_PURE float __log10f(float);
__device__ __DRF_PURE float __sinf(float);
__device__ __DRF_PURE float __cosf(float);
__device__ __DRF_PURE float __tanf(float);
__device__ __DRF_PURE float __powf(float, float);
__DRF_HDP float __fdividef(float, float);
__DRF_HDP float __saturatef(float);
__DRF_HDP float __frsqrt_rn(float);
__device__ void __sincosf(float x, float *s, float *c);
__DRF_R4(float, __fadd, float, float)
__DRF_R4(float, __fsub, float, float)
__DRF_R4(float, __fmul, float, float)
__DRF_R4(float, __fdiv, float, float)
__DRF_R4(float, __fmaf, float, float, float)
__DRF_R4(float, __fmaf_ieee, float, float, float)
__DRF_R4(float, __frcp, float)
__DRF_R4(float, __fsqrt, float)
__DRF_R4(double, __dadd, double, double)
__DRF_R4(double, __dsub, double, double)
__DRF_R4(double, __dmul, double, double)
__DRF_R4(double, __ddiv, double, double)
__DRF_R4(double, __fma, double, double, double)
__DRF_R4(double, __drcp, double)
__DRF_R4(double, __dsqrt, double)

// conversions and reinterpretations
__DRF_R4(int, __float2int, float)
__DRF_R4(unsigned int, __float2uint, float)
__DRF_R4(long long, __float2ll, float)
__DRF_R4(unsigned long long, __float2ull, float)
__DRF_R4(int, __double2int, double)
__DRF_R4(unsigned int, __double2uint, double)
__DRF_R4(long long, __double2ll, double)
__DRF_R4(unsigned long long, __double2ull, double)
__DRF_R4(float, __double2float, double)
__DRF_R4(float, __int2float, int)
__DRF_R4(float, __uint2float, unsigned int)
__DRF_R4(float, __ll2float, long long)
__DRF_R4(float, __ull2float, unsigned long long)
__DRF_R4(double, __ll2double, long long)
__DRF_R4(double, __ull2double, unsigned long long)
__DRF_HDP double __int2double_rn(int);
__DRF_HDP double __uint2double_rn(unsigned int);
__DRF_HDP int __double2hiint(double);
__DRF_HDP int __double2loint(double);
__DRF_HDP double __hiloint2double(int hi, int lo);
__DRF_HDP int __float_as_int(float);
__DRF_HDP float __int_as_float(int);
__DRF_HDP unsigned int __float_as_uint(float);
__DRF_HDP float __uint_as_float(unsigned int);
__DRF_HDP long long __double_as_longlong(double);
__DRF_HDP double __longlong_as_double(long long);

#endif
