// drf_half.h: the half-precision types of the CUDA execution oracle
// (cuda_fp16.h and cuda_bf16.h): __half and __nv_bfloat16, structs around an
// unsigned short as CUDA's are, __half2 and __nv_bfloat162, their
// conversions, arithmetic, comparisons and operators, written from the CUDA
// Math API's documentation. drf_cuda.h includes it; the native tests of the
// generator's interpreter (internal/proofs/cudagen) include it alone, so it needs
// nothing but the compiler.
//
// Rounding: every operation computes its exact result, or the result in
// double, and rounds it once to the nearest value of the type, ties to
// even (IEEE 754, as the hardware's add.f16, mul.bf16, fma.rn ... do):
//
//   - sums, differences and products of two halves are exact in double (22
//     significant bits, exponents in [-48, 31]); of two bfloat16 values the
//     product is exact and a sum may be rounded once to double first, which
//     is innocuous (double's 53 bits are at least 2p + 2 for p = 8: Figueroa,
//     "When is double rounding innocuous?", SIGNUM 1995); the same holds for
//     quotients of either type;
//   - fma rounds a * b + c once to double (__builtin_fma) and then to the
//     type: the second rounding could only differ from a direct one if the
//     double were a tie of the type that the exact value is not, and a
//     value that close to a tie has at most 2p + 11 significant bits, which
//     double holds exactly;
//   - conversions from float and double round directly from the double's
//     bits (to_half, to_bf16), so that no double rounding occurs there.
//
// Division follows IEEE too. CUDA's __hdiv of halves is not always the
// correctly rounded quotient (it multiplies by an approximate reciprocal and
// corrects the result only near the subnormals): the generator keeps
// quotients out of indices and conditions.
//
// Conversions to integers saturate and give 0 for NaN, as the hardware's
// cvt.rzi / cvt.rni do.
#pragma once

#include <stdint.h>

#ifndef DRF_INL
#define DRF_INL __attribute__((nodebug, always_inline)) inline
#endif

namespace drf {

// round_bits rounds the finite double x to a binary format of p significant
// bits (the leading one included), minimum normal exponent emin and maximum
// exponent emax, ties to even; it returns the format's bits (sign, exponent
// field of ebits bits, p - 1 fraction bits).
DRF_INL uint32_t round_bits(double x, int p, int emin, int emax, int ebits) {
  uint64_t u = __builtin_bit_cast(uint64_t, x);
  uint32_t sign = (uint32_t)(u >> 63) << (ebits + p - 1);
  uint32_t inf = ((1u << ebits) - 1) << (p - 1);
  int dexp = (int)((u >> 52) & 0x7ff);
  uint64_t frac = u & ((uint64_t(1) << 52) - 1);
  if (dexp == 0x7ff) // infinity or NaN
    return frac == 0 ? sign | inf : sign | inf | (1u << (p - 2)) | (frac != 0 ? 1u : 0u);
  if (dexp == 0)
    return sign; // zero, or a double subnormal: far below the format's subnormals
  int e = dexp - 1023;               // x = M * 2^(e - 52), M = 1.frac
  uint64_t M = (uint64_t(1) << 52) | frac;
  int q = e >= emin ? e - (p - 1) : emin - (p - 1); // the exponent of the unit in the last place
  int shift = q - (e - 52);                          // bits of M below the unit
  uint64_t r;
  if (shift > 60) {
    r = 0; // far below half a unit: M < 2^53 <= 2^(shift - 1)
  } else {
    r = M >> shift;
    uint64_t rem = M & ((uint64_t(1) << shift) - 1), half = uint64_t(1) << (shift - 1);
    if (rem > half || (rem == half && (r & 1)))
      r++;
  }
  uint32_t bits;
  if (e >= emin) {
    // r in [2^(p-1), 2^p]: 2^p carries into the exponent field
    bits = (uint32_t)((uint64_t)(e - emin + 1) << (p - 1)) + (uint32_t)(r - (uint64_t(1) << (p - 1)));
    if (e > emax || bits >= inf)
      return sign | inf;
  } else {
    bits = (uint32_t)r; // a subnormal; 2^(p-1) is the smallest normal
  }
  return sign | bits;
}

// value_bits is the exact value of the format's bits.
DRF_INL double value_bits(uint32_t b, int p, int emin, int ebits) {
  uint32_t fexp = (b >> (p - 1)) & ((1u << ebits) - 1);
  uint32_t frac = b & ((1u << (p - 1)) - 1);
  bool neg = (b >> (ebits + p - 1)) & 1;
  double v;
  if (fexp == (1u << ebits) - 1)
    v = frac == 0 ? __builtin_inf() : __builtin_nan("");
  else if (fexp == 0)
    v = __builtin_ldexp((double)frac, emin - (p - 1));
  else
    v = __builtin_ldexp((double)(frac | (1u << (p - 1))), (int)fexp - 1 + emin - (p - 1));
  return neg ? -v : v;
}

// IEEE binary16 (p = 11, exponents -14..15) and bfloat16 (p = 8, -126..127).
DRF_INL unsigned short to_half(double x) { return (unsigned short)round_bits(x, 11, -14, 15, 5); }
DRF_INL double of_half(unsigned short h) { return value_bits(h, 11, -14, 5); }
DRF_INL unsigned short to_bf16(double x) { return (unsigned short)round_bits(x, 8, -126, 127, 8); }
DRF_INL double of_bf16(unsigned short h) { return value_bits(h, 8, -126, 8); }

// to_int converts with truncation (rz) or to nearest even (rn), saturating,
// NaN to 0.
DRF_INL int to_int(double x, bool rn) {
  if (x != x)
    return 0;
  double t = rn ? __builtin_rint(x) : __builtin_trunc(x); // rint: to nearest even in the default mode
  if (t >= 2147483647.0)
    return 2147483647;
  if (t <= -2147483648.0)
    return -2147483647 - 1;
  return (int)t;
}
DRF_INL unsigned to_uint(double x, bool rn) {
  if (x != x)
    return 0;
  double t = rn ? __builtin_rint(x) : __builtin_trunc(x);
  if (t >= 4294967295.0)
    return 4294967295u;
  if (t <= 0)
    return 0;
  return (unsigned)t;
}

} // namespace drf

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};
struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

// DRF_HALF_TYPE defines a 2-byte type H (raw R) whose values are the format
// of TO and OF: a struct around an unsigned short, with CUDA's implicit
// conversions from and to the arithmetic types.
#define DRF_HALF_TYPE(H, R, TO, OF)                                                                 \
  struct alignas(2) H {                                                                           \
  protected:                                                                                      \
    unsigned short __x;                                                                           \
                                                                                                  \
  public:                                                                                         \
    H() = default;                                                                                \
    DRF_INL H(const R &r) : __x(r.x) {}                                                           \
    DRF_INL H &operator=(const R &r) {                                                            \
      __x = r.x;                                                                                  \
      return *this;                                                                               \
    }                                                                                             \
    DRF_INL operator R() const { return R{__x}; }                                                 \
    DRF_INL H(float f) : __x(TO(f)) {}                                                            \
    DRF_INL H(double f) : __x(TO(f)) {}                                                           \
    DRF_INL H(short i) : __x(TO(i)) {}                                                            \
    DRF_INL H(unsigned short i) : __x(TO(i)) {}                                                   \
    DRF_INL H(int i) : __x(TO(i)) {}                                                              \
    DRF_INL H(unsigned int i) : __x(TO(i)) {}                                                     \
    DRF_INL H(long long i) : __x(TO((double)i)) {}                                                \
    DRF_INL H(unsigned long long i) : __x(TO((double)i)) {}                                       \
    DRF_INL operator float() const { return (float)OF(__x); }                                     \
    DRF_INL operator short() const { return (short)::drf::to_int(OF(__x), false); }               \
    DRF_INL operator unsigned short() const { return (unsigned short)::drf::to_uint(OF(__x), false); } \
    DRF_INL operator int() const { return ::drf::to_int(OF(__x), false); }                        \
    DRF_INL operator unsigned int() const { return ::drf::to_uint(OF(__x), false); }              \
    DRF_INL explicit operator bool() const { return OF(__x) != 0; }                               \
    DRF_INL unsigned short __drf_bits() const { return __x; }                                     \
    static DRF_INL H __drf_of(unsigned short b) {                                                 \
      H h;                                                                                        \
      h.__x = b;                                                                                  \
      return h;                                                                                   \
    }                                                                                             \
  };
DRF_HALF_TYPE(__half, __half_raw, ::drf::to_half, ::drf::of_half)
DRF_HALF_TYPE(__nv_bfloat16, __nv_bfloat16_raw, ::drf::to_bf16, ::drf::of_bf16)
#undef DRF_HALF_TYPE

struct alignas(4) __half2 {
  __half x, y;
  __half2() = default;
  DRF_INL __half2(const __half &a, const __half &b) : x(a), y(b) {}
  DRF_INL __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  DRF_INL operator __half2_raw() const { return __half2_raw{x.__drf_bits(), y.__drf_bits()}; }
};
struct alignas(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  DRF_INL __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  DRF_INL __nv_bfloat162(const __nv_bfloat162_raw &r) : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  DRF_INL operator __nv_bfloat162_raw() const { return __nv_bfloat162_raw{x.__drf_bits(), y.__drf_bits()}; }
};
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

namespace drf {
DRF_INL double val(__half h) { return of_half(h.__drf_bits()); }
DRF_INL double val(__nv_bfloat16 h) { return of_bf16(h.__drf_bits()); }
DRF_INL __half mk(__half, double x) { return __half::__drf_of(to_half(x)); }
DRF_INL __nv_bfloat16 mk(__nv_bfloat16, double x) { return __nv_bfloat16::__drf_of(to_bf16(x)); }
} // namespace drf

// Conversions of halves.
DRF_INL __half __float2half(float f) { return __half::__drf_of(drf::to_half(f)); }
DRF_INL __half __float2half_rn(float f) { return __half::__drf_of(drf::to_half(f)); }
DRF_INL __half __double2half(double f) { return __half::__drf_of(drf::to_half(f)); }
DRF_INL float __half2float(__half h) { return (float)drf::val(h); }
DRF_INL __half __int2half_rn(int i) { return __half::__drf_of(drf::to_half(i)); }
DRF_INL __half __uint2half_rn(unsigned i) { return __half::__drf_of(drf::to_half(i)); }
DRF_INL int __half2int_rz(__half h) { return drf::to_int(drf::val(h), false); }
DRF_INL int __half2int_rn(__half h) { return drf::to_int(drf::val(h), true); }
DRF_INL unsigned __half2uint_rz(__half h) { return drf::to_uint(drf::val(h), false); }
DRF_INL unsigned short __half_as_ushort(__half h) { return h.__drf_bits(); }
DRF_INL short __half_as_short(__half h) { return (short)h.__drf_bits(); }
DRF_INL __half __ushort_as_half(unsigned short b) { return __half::__drf_of(b); }
DRF_INL __half __short_as_half(short b) { return __half::__drf_of((unsigned short)b); }
DRF_INL __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half(a), __float2half(b)); }
DRF_INL __half2 __float2half2_rn(float a) { return __half2(__float2half(a), __float2half(a)); }
DRF_INL __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
DRF_INL __half2 __half2half2(__half a) { return __half2(a, a); }
DRF_INL __half2 make_half2(__half a, __half b) { return __half2(a, b); }
DRF_INL __half __low2half(__half2 h) { return h.x; }
DRF_INL __half __high2half(__half2 h) { return h.y; }
DRF_INL float __low2float(__half2 h) { return __half2float(h.x); }
DRF_INL float __high2float(__half2 h) { return __half2float(h.y); }
DRF_INL __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }

// Conversions of bfloat16.
DRF_INL __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16::__drf_of(drf::to_bf16(f)); }
DRF_INL __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16::__drf_of(drf::to_bf16(f)); }
DRF_INL __nv_bfloat16 __double2bfloat16(double f) { return __nv_bfloat16::__drf_of(drf::to_bf16(f)); }
DRF_INL float __bfloat162float(__nv_bfloat16 h) { return (float)drf::val(h); }
DRF_INL __nv_bfloat16 __int2bfloat16_rn(int i) { return __nv_bfloat16::__drf_of(drf::to_bf16(i)); }
DRF_INL int __bfloat162int_rz(__nv_bfloat16 h) { return drf::to_int(drf::val(h), false); }
DRF_INL int __bfloat162int_rn(__nv_bfloat16 h) { return drf::to_int(drf::val(h), true); }
DRF_INL unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__drf_bits(); }
DRF_INL __nv_bfloat16 __ushort_as_bfloat16(unsigned short b) { return __nv_bfloat16::__drf_of(b); }
DRF_INL __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
DRF_INL __nv_bfloat162 __float2bfloat162_rn(float a) { return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(a)); }
DRF_INL __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
DRF_INL __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
DRF_INL __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
DRF_INL __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
DRF_INL __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
DRF_INL float __low2float(__nv_bfloat162 h) { return __bfloat162float(h.x); }
DRF_INL float __high2float(__nv_bfloat162 h) { return __bfloat162float(h.y); }

// Arithmetic, comparisons and operators of H, and elementwise of its pair
// H2 (the same functions for both formats, overloaded as in CUDA).
#define DRF_HALF_ARITH(H, H2)                                                                            \
  DRF_INL H __hadd(H a, H b) { return drf::mk(a, drf::val(a) + drf::val(b)); }                          \
  DRF_INL H __hsub(H a, H b) { return drf::mk(a, drf::val(a) - drf::val(b)); }                          \
  DRF_INL H __hmul(H a, H b) { return drf::mk(a, drf::val(a) * drf::val(b)); }                          \
  DRF_INL H __hdiv(H a, H b) { return drf::mk(a, drf::val(a) / drf::val(b)); }                          \
  DRF_INL H __hfma(H a, H b, H c) { return drf::mk(a, __builtin_fma(drf::val(a), drf::val(b), drf::val(c))); } \
  DRF_INL H __hneg(H a) { return drf::mk(a, -drf::val(a)); }                                             \
  DRF_INL H __habs(H a) { return drf::mk(a, __builtin_fabs(drf::val(a))); }                              \
  DRF_INL H __hmax(H a, H b) { return drf::mk(a, __builtin_fmax(drf::val(a), drf::val(b))); }           \
  DRF_INL H __hmin(H a, H b) { return drf::mk(a, __builtin_fmin(drf::val(a), drf::val(b))); }           \
  DRF_INL bool __heq(H a, H b) { return drf::val(a) == drf::val(b); }                                    \
  DRF_INL bool __hne(H a, H b) { return drf::val(a) < drf::val(b) || drf::val(a) > drf::val(b); }       \
  DRF_INL bool __hlt(H a, H b) { return drf::val(a) < drf::val(b); }                                     \
  DRF_INL bool __hle(H a, H b) { return drf::val(a) <= drf::val(b); }                                    \
  DRF_INL bool __hgt(H a, H b) { return drf::val(a) > drf::val(b); }                                     \
  DRF_INL bool __hge(H a, H b) { return drf::val(a) >= drf::val(b); }                                    \
  DRF_INL bool __hisnan(H a) { return drf::val(a) != drf::val(a); }                                      \
  DRF_INL H operator+(const H &a, const H &b) { return __hadd(a, b); }                                   \
  DRF_INL H operator-(const H &a, const H &b) { return __hsub(a, b); }                                   \
  DRF_INL H operator*(const H &a, const H &b) { return __hmul(a, b); }                                   \
  DRF_INL H operator/(const H &a, const H &b) { return __hdiv(a, b); }                                   \
  DRF_INL H &operator+=(H &a, const H &b) { return a = __hadd(a, b); }                                   \
  DRF_INL H &operator-=(H &a, const H &b) { return a = __hsub(a, b); }                                   \
  DRF_INL H &operator*=(H &a, const H &b) { return a = __hmul(a, b); }                                   \
  DRF_INL H &operator/=(H &a, const H &b) { return a = __hdiv(a, b); }                                   \
  DRF_INL H operator+(const H &a) { return a; }                                                          \
  DRF_INL H operator-(const H &a) { return __hneg(a); }                                                  \
  DRF_INL bool operator==(const H &a, const H &b) { return __heq(a, b); }                                \
  DRF_INL bool operator!=(const H &a, const H &b) { return !(drf::val(a) == drf::val(b)); }             \
  DRF_INL bool operator<(const H &a, const H &b) { return __hlt(a, b); }                                 \
  DRF_INL bool operator<=(const H &a, const H &b) { return __hle(a, b); }                                \
  DRF_INL bool operator>(const H &a, const H &b) { return __hgt(a, b); }                                 \
  DRF_INL bool operator>=(const H &a, const H &b) { return __hge(a, b); }                                \
  DRF_INL H2 __hadd2(H2 a, H2 b) { return H2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }                     \
  DRF_INL H2 __hsub2(H2 a, H2 b) { return H2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }                     \
  DRF_INL H2 __hmul2(H2 a, H2 b) { return H2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }                     \
  DRF_INL H2 __h2div(H2 a, H2 b) { return H2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }                     \
  DRF_INL H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }    \
  DRF_INL H2 __hneg2(H2 a) { return H2(__hneg(a.x), __hneg(a.y)); }                                     \
  DRF_INL H2 operator+(const H2 &a, const H2 &b) { return __hadd2(a, b); }                               \
  DRF_INL H2 operator-(const H2 &a, const H2 &b) { return __hsub2(a, b); }                               \
  DRF_INL H2 operator*(const H2 &a, const H2 &b) { return __hmul2(a, b); }                               \
  DRF_INL H2 operator/(const H2 &a, const H2 &b) { return __h2div(a, b); }                               \
  DRF_INL H2 &operator+=(H2 &a, const H2 &b) { return a = __hadd2(a, b); }                               \
  DRF_INL H2 &operator-=(H2 &a, const H2 &b) { return a = __hsub2(a, b); }                               \
  DRF_INL H2 &operator*=(H2 &a, const H2 &b) { return a = __hmul2(a, b); }                               \
  DRF_INL H2 &operator/=(H2 &a, const H2 &b) { return a = __h2div(a, b); }
DRF_HALF_ARITH(__half, __half2)
DRF_HALF_ARITH(__nv_bfloat16, __nv_bfloat162)
#undef DRF_HALF_ARITH
