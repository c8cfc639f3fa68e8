// drfcheck stub of libcu++ (cuda/std/...): the few things that kernels use,
// with bodies that the front end inlines. Included by every cuda/std header
// of the stub.
#ifndef DRFCHECK_CUDA_STD_H
#define DRFCHECK_CUDA_STD_H
#include "drfcheck_prelude.h"
#include <limits.h>

namespace cuda {
namespace std {

typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;
typedef ::int8_t int8_t;
typedef ::int16_t int16_t;
typedef ::int32_t int32_t;
typedef ::int64_t int64_t;
typedef ::uint8_t uint8_t;
typedef ::uint16_t uint16_t;
typedef ::uint32_t uint32_t;
typedef ::uint64_t uint64_t;
typedef ::intptr_t intptr_t;
typedef ::uintptr_t uintptr_t;
typedef decltype(nullptr) nullptr_t;

// type traits
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
  typedef T value_type;
  __host__ __device__ constexpr operator T() const { return v; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <class T, class U> struct is_same : false_type {};
template <class T> struct is_same<T, T> : true_type {};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_reference<T &&> { typedef T type; };
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_const<const T> { typedef T type; };
template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_cv<const T> { typedef T type; };
template <class T> struct remove_cv<volatile T> { typedef T type; };
template <class T> struct remove_cv<const volatile T> { typedef T type; };
template <class T> struct is_integral : false_type {};
#define __DRF_INTEGRAL(T) \
  template <> struct is_integral<T> : true_type {}; \
  template <> struct is_integral<const T> : true_type {};
__DRF_INTEGRAL(bool) __DRF_INTEGRAL(char) __DRF_INTEGRAL(signed char) __DRF_INTEGRAL(unsigned char)
__DRF_INTEGRAL(short) __DRF_INTEGRAL(unsigned short) __DRF_INTEGRAL(int) __DRF_INTEGRAL(unsigned int)
__DRF_INTEGRAL(long) __DRF_INTEGRAL(unsigned long) __DRF_INTEGRAL(long long) __DRF_INTEGRAL(unsigned long long)
template <class T> struct is_floating_point : integral_constant<bool, is_same<T, float>::value || is_same<T, double>::value || is_same<T, long double>::value> {};
template <class T> struct is_pointer : false_type {};
template <class T> struct is_pointer<T *> : true_type {};
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;
template <class T> using remove_reference_t = typename remove_reference<T>::type;
template <class T> using remove_cv_t = typename remove_cv<T>::type;

// utility
template <class T> __host__ __device__ constexpr typename remove_reference<T>::type &&move(T &&t) noexcept {
  return static_cast<typename remove_reference<T>::type &&>(t);
}
template <class T> __host__ __device__ constexpr T &&forward(typename remove_reference<T>::type &t) noexcept { return static_cast<T &&>(t); }
template <class T> __host__ __device__ inline void swap(T &a, T &b) {
  T t = a;
  a = b;
  b = t;
}
template <class T1, class T2> struct pair {
  T1 first;
  T2 second;
};
template <class T1, class T2> __host__ __device__ inline pair<T1, T2> make_pair(T1 a, T2 b) {
  pair<T1, T2> p;
  p.first = a;
  p.second = b;
  return p;
}

// algorithm (by value: the front end follows values, not references to
// temporaries)
template <class T> __host__ __device__ constexpr T min(T a, T b) { return b < a ? b : a; }
template <class T> __host__ __device__ constexpr T max(T a, T b) { return a < b ? b : a; }
template <class T> __host__ __device__ constexpr T clamp(T v, T lo, T hi) { return v < lo ? lo : hi < v ? hi : v; }

// limits
template <class T> struct numeric_limits;
#define __DRF_LIMITS(T, lo, hi, low, eps, integer, sign, dig) \
  template <> struct numeric_limits<T> { \
    static constexpr bool is_specialized = true; \
    static constexpr bool is_integer = integer; \
    static constexpr bool is_signed = sign; \
    static constexpr int digits = dig; \
    __host__ __device__ static constexpr T min() { return lo; } \
    __host__ __device__ static constexpr T max() { return hi; } \
    __host__ __device__ static constexpr T lowest() { return low; } \
    __host__ __device__ static constexpr T epsilon() { return eps; } \
  };
__DRF_LIMITS(bool, false, true, false, false, true, false, 1)
__DRF_LIMITS(char, CHAR_MIN, CHAR_MAX, CHAR_MIN, 0, true, CHAR_MIN < 0, 7)
__DRF_LIMITS(signed char, -128, 127, -128, 0, true, true, 7)
__DRF_LIMITS(unsigned char, 0, 255, 0, 0, true, false, 8)
__DRF_LIMITS(short, -32768, 32767, -32768, 0, true, true, 15)
__DRF_LIMITS(unsigned short, 0, 65535, 0, 0, true, false, 16)
__DRF_LIMITS(int, -2147483647 - 1, 2147483647, -2147483647 - 1, 0, true, true, 31)
__DRF_LIMITS(unsigned int, 0, 4294967295U, 0, 0, true, false, 32)
__DRF_LIMITS(long, -9223372036854775807L - 1, 9223372036854775807L, -9223372036854775807L - 1, 0, true, true, 63)
__DRF_LIMITS(unsigned long, 0, 18446744073709551615UL, 0, 0, true, false, 64)
__DRF_LIMITS(long long, -9223372036854775807LL - 1, 9223372036854775807LL, -9223372036854775807LL - 1, 0, true, true, 63)
__DRF_LIMITS(unsigned long long, 0, 18446744073709551615ULL, 0, 0, true, false, 64)
__DRF_LIMITS(float, 1.17549435e-38F, 3.40282347e+38F, -3.40282347e+38F, 1.19209290e-7F, false, true, 24)
__DRF_LIMITS(double, 2.2250738585072014e-308, 1.7976931348623157e+308, -1.7976931348623157e+308, 2.2204460492503131e-16, false, true, 53)

}  // namespace std
}  // namespace cuda

#endif
