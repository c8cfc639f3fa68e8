// drfcheck prelude: what nvcc provides implicitly, declared for clang's
// host-side syntax check (clang -x cuda --cuda-host-only -nocudainc). It is
// force-included before every CUDA file. The CUDA front end (package infer)
// recognizes the declarations below by name and by being declared in this
// directory: barriers, atomics and the built-in index variables become
// protocol constructs, min, max and make_int2 & co. values; functions with
// bodies (dim3's constructors, cooperative groups) are inlined like user
// code. The declarations are kept lean (templates for families of
// overloads, no bodies where the front end knows the semantics) because
// clang dumps every one of them for every file.
#ifndef DRFCHECK_PRELUDE_H
#define DRFCHECK_PRELUDE_H

#define __DRFCHECK__ 1
#define __CUDACC__ 1

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define CUDART_CB

typedef unsigned long size_t;
typedef unsigned int uint;
typedef unsigned short ushort;

// ---- built-in index variables ----

struct uint3 {
  unsigned int x, y, z;
};

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ operator uint3() const {
    uint3 t;
    t.x = x;
    t.y = y;
    t.z = z;
    return t;
  }
};

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

// ---- barriers and fences ----

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffff);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

// ---- atomics ----

// One template per atomic: the front end only needs the name, the pointer
// and the type of the result.
template <class T, class U> __device__ T atomicAdd(T *address, U val);
template <class T, class U> __device__ T atomicSub(T *address, U val);
template <class T, class U> __device__ T atomicExch(T *address, U val);
template <class T, class U> __device__ T atomicMin(T *address, U val);
template <class T, class U> __device__ T atomicMax(T *address, U val);
template <class T, class U> __device__ T atomicAnd(T *address, U val);
template <class T, class U> __device__ T atomicOr(T *address, U val);
template <class T, class U> __device__ T atomicXor(T *address, U val);
template <class T, class U> __device__ T atomicInc(T *address, U val);
template <class T, class U> __device__ T atomicDec(T *address, U val);
template <class T, class U, class V> __device__ T atomicCAS(T *address, U compare, V val);
template <class T, class U> __device__ T atomicAdd_block(T *address, U val);
template <class T, class U> __device__ T atomicAdd_system(T *address, U val);
template <class T, class U> __device__ T atomicExch_block(T *address, U val);
template <class T, class U> __device__ T atomicMin_block(T *address, U val);
template <class T, class U> __device__ T atomicMax_block(T *address, U val);
template <class T, class U, class V> __device__ T atomicCAS_block(T *address, U compare, V val);

// ---- warp functions ----

template <class T> __device__ T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32);
template <class T> __device__ T __shfl(T var, int srcLane, int width = 32);
template <class T> __device__ T __shfl_up(T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_down(T var, unsigned delta, int width = 32);
template <class T> __device__ T __shfl_xor(T var, int laneMask, int width = 32);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
__device__ int __all(int predicate);
__device__ int __any(int predicate);
__device__ unsigned __ballot(int predicate);
__device__ unsigned __match_any_sync(unsigned mask, int value);

// ---- integer and conversion intrinsics ----

__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_rd(float x);
__device__ int __float2int_ru(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ float __int2float_rn(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ float __fdividef(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fadd_rn(float x, float y);
__device__ float __saturatef(float x);
// cache-hinted loads and stores: a read or a write of *ptr
template <class T> __device__ T __ldg(const T *ptr);
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T> __device__ void __stwb(T *ptr, T value);
template <class T> __device__ void __stcg(T *ptr, T value);
template <class T> __device__ void __stcs(T *ptr, T value);
template <class T> __device__ void __stwt(T *ptr, T value);
__device__ long long clock64(void);
__device__ long clock(void);
__device__ void __nanosleep(unsigned ns);

// min and max: the front end turns them into conditional expressions.
__host__ __device__ int min(int a, int b);
__host__ __device__ unsigned int min(unsigned int a, unsigned int b);
__host__ __device__ unsigned int min(int a, unsigned int b);
__host__ __device__ unsigned int min(unsigned int a, int b);
__host__ __device__ long long min(long long a, long long b);
__host__ __device__ unsigned long long min(unsigned long long a, unsigned long long b);
__host__ __device__ float min(float a, float b);
__host__ __device__ double min(double a, double b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned int max(unsigned int a, unsigned int b);
__host__ __device__ unsigned int max(int a, unsigned int b);
__host__ __device__ unsigned int max(unsigned int a, int b);
__host__ __device__ long long max(long long a, long long b);
__host__ __device__ unsigned long long max(unsigned long long a, unsigned long long b);
__host__ __device__ float max(float a, float b);
__host__ __device__ double max(double a, double b);
__host__ __device__ int umin(unsigned int a, unsigned int b);
__host__ __device__ int umax(unsigned int a, unsigned int b);

// ---- device math (values only: the front end never looks inside) ----

__device__ float sqrtf(float); __device__ double sqrt(double);
__device__ float rsqrtf(float); __device__ double rsqrt(double);
__device__ float cbrtf(float); __device__ double cbrt(double);
__device__ float expf(float); __device__ double exp(double);
__device__ float exp2f(float); __device__ double exp2(double);
__device__ float exp10f(float); __device__ double exp10(double);
__device__ float expm1f(float); __device__ double expm1(double);
__device__ float logf(float); __device__ double log(double);
__device__ float log2f(float); __device__ double log2(double);
__device__ float log10f(float); __device__ double log10(double);
__device__ float log1pf(float); __device__ double log1p(double);
__device__ float sinf(float); __device__ double sin(double);
__device__ float cosf(float); __device__ double cos(double);
__device__ float tanf(float); __device__ double tan(double);
__device__ float asinf(float); __device__ double asin(double);
__device__ float acosf(float); __device__ double acos(double);
__device__ float atanf(float); __device__ double atan(double);
__device__ float sinhf(float); __device__ double sinh(double);
__device__ float coshf(float); __device__ double cosh(double);
__device__ float tanhf(float); __device__ double tanh(double);
__device__ float fabsf(float); __device__ double fabs(double);
__device__ float floorf(float); __device__ double floor(double);
__device__ float ceilf(float); __device__ double ceil(double);
__device__ float roundf(float); __device__ double round(double);
__device__ float truncf(float); __device__ double trunc(double);
__device__ float rintf(float); __device__ double rint(double);
__device__ float erff(float); __device__ double erf(double);
__device__ float erfcf(float); __device__ double erfc(double);
__device__ float lgammaf(float); __device__ double lgamma(double);
__device__ float tgammaf(float); __device__ double tgamma(double);
__device__ float powf(float, float); __device__ double pow(double, double);
__device__ float fminf(float, float); __device__ double fmin(double, double);
__device__ float fmaxf(float, float); __device__ double fmax(double, double);
__device__ float fmodf(float, float); __device__ double fmod(double, double);
__device__ float atan2f(float, float); __device__ double atan2(double, double);
__device__ float hypotf(float, float); __device__ double hypot(double, double);
__device__ float copysignf(float, float); __device__ double copysign(double, double);
__device__ float fdimf(float, float); __device__ double fdim(double, double);
__device__ float remainderf(float, float); __device__ double remainder(double, double);
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ float __powf(float, float);
__device__ float __frsqrt_rn(float);
__device__ void sincosf(float x, float *s, float *c);
__device__ void sincos(double x, double *s, double *c);
__device__ void __sincosf(float x, float *s, float *c);
__device__ int isnan(float);
__device__ int isinf(float);
__device__ int isfinite(float);
__device__ int abs(int);
__device__ long long llabs(long long);
__device__ int printf(const char *format, ...);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);

// ---- vector types ----

struct char1 { char x; };
struct char2 { char x, y; };
struct char3 { char x, y, z; };
struct char4 { char x, y, z, w; };
struct uchar1 { unsigned char x; };
struct uchar2 { unsigned char x, y; };
struct uchar3 { unsigned char x, y, z; };
struct uchar4 { unsigned char x, y, z, w; };
struct short1 { short x; };
struct short2 { short x, y; };
struct short3 { short x, y, z; };
struct short4 { short x, y, z, w; };
struct ushort1 { unsigned short x; };
struct ushort2 { unsigned short x, y; };
struct ushort3 { unsigned short x, y, z; };
struct ushort4 { unsigned short x, y, z, w; };
struct int1 { int x; };
struct int2 { int x, y; };
struct int3 { int x, y, z; };
struct int4 { int x, y, z, w; };
struct uint1 { unsigned int x; };
struct uint2 { unsigned int x, y; };
struct uint4 { unsigned int x, y, z, w; };
struct long1 { long x; };
struct long2 { long x, y; };
struct long3 { long x, y, z; };
struct long4 { long x, y, z, w; };
struct ulong1 { unsigned long x; };
struct ulong2 { unsigned long x, y; };
struct ulong3 { unsigned long x, y, z; };
struct ulong4 { unsigned long x, y, z, w; };
struct longlong1 { long long x; };
struct longlong2 { long long x, y; };
struct longlong3 { long long x, y, z; };
struct longlong4 { long long x, y, z, w; };
struct ulonglong1 { unsigned long long x; };
struct ulonglong2 { unsigned long long x, y; };
struct ulonglong3 { unsigned long long x, y, z; };
struct ulonglong4 { unsigned long long x, y, z, w; };
struct float1 { float x; };
struct float2 { float x, y; };
struct float3 { float x, y, z; };
struct float4 { float x, y, z, w; };
struct double1 { double x; };
struct double2 { double x, y; };
struct double3 { double x, y, z; };
struct double4 { double x, y, z, w; };
__host__ __device__ char1 make_char1(char x);
__host__ __device__ char2 make_char2(char x, char y);
__host__ __device__ char3 make_char3(char x, char y, char z);
__host__ __device__ char4 make_char4(char x, char y, char z, char w);
__host__ __device__ uchar1 make_uchar1(unsigned char x);
__host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y);
__host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z);
__host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w);
__host__ __device__ short1 make_short1(short x);
__host__ __device__ short2 make_short2(short x, short y);
__host__ __device__ short3 make_short3(short x, short y, short z);
__host__ __device__ short4 make_short4(short x, short y, short z, short w);
__host__ __device__ ushort1 make_ushort1(unsigned short x);
__host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y);
__host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z);
__host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w);
__host__ __device__ int1 make_int1(int x);
__host__ __device__ int2 make_int2(int x, int y);
__host__ __device__ int3 make_int3(int x, int y, int z);
__host__ __device__ int4 make_int4(int x, int y, int z, int w);
__host__ __device__ uint1 make_uint1(unsigned int x);
__host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y);
__host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
__host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w);
__host__ __device__ long1 make_long1(long x);
__host__ __device__ long2 make_long2(long x, long y);
__host__ __device__ long3 make_long3(long x, long y, long z);
__host__ __device__ long4 make_long4(long x, long y, long z, long w);
__host__ __device__ ulong1 make_ulong1(unsigned long x);
__host__ __device__ ulong2 make_ulong2(unsigned long x, unsigned long y);
__host__ __device__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z);
__host__ __device__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w);
__host__ __device__ longlong1 make_longlong1(long long x);
__host__ __device__ longlong2 make_longlong2(long long x, long long y);
__host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z);
__host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z, long long w);
__host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x);
__host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y);
__host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z);
__host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w);
__host__ __device__ float1 make_float1(float x);
__host__ __device__ float2 make_float2(float x, float y);
__host__ __device__ float3 make_float3(float x, float y, float z);
__host__ __device__ float4 make_float4(float x, float y, float z, float w);
__host__ __device__ double1 make_double1(double x);
__host__ __device__ double2 make_double2(double x, double y);
__host__ __device__ double3 make_double3(double x, double y, double z);
__host__ __device__ double4 make_double4(double x, double y, double z, double w);
__host__ __device__ dim3 make_dim3(unsigned x, unsigned y, unsigned z);


// ---- GPUVerify annotations ----
// __requires and __assume are assumptions; the others are accepted and
// ignored: drfcheck needs no invariants.

__device__ void __requires(bool);
__device__ void __assume(bool);
__device__ void __ensures(bool);
__device__ void __assert(bool);
__device__ void __global_assert(bool);
__device__ void __invariant(bool);
__device__ void __global_invariant(bool);
__device__ void __function_wide_invariant(bool);
__device__ void __global_requires(bool);
__device__ void __global_ensures(bool);
__device__ void __non_temporal_loads_begin(void);
__device__ void __non_temporal_loads_end(void);
template <class... T> __device__ bool __implies(T...);
template <class... T> __device__ bool __enabled(T...);
template <class... T> __device__ bool __uniform_bool(T...);
template <class... T> __device__ bool __uniform_int(T...);
template <class... T> __device__ bool __distinct_int(T...);
template <class... T> __device__ bool __all(T...);
template <class... T> __device__ bool __at_most_one(T...);
template <class... T> __device__ bool __same_group(T...);
template <class... T> __device__ bool __is_pow2(T...);
template <class... T> __device__ int __return_val_int(T...);
template <class... T> __device__ bool __return_val_bool(T...);
template <class... T> __device__ int __old_int(T...);
template <class... T> __device__ int __other_int(T...);
template <class... T> __device__ bool __other_bool(T...);
template <class... T> __device__ bool __add_noovfl(T...);
template <class... T> __device__ bool __add_noovfl_unsigned(T...);
template <class... T> __device__ bool __ptr_equal(T...);
template <class... T> __device__ bool __read(T...);
template <class... T> __device__ bool __write(T...);
template <class... T> __device__ bool __no_read(T...);
template <class... T> __device__ bool __no_write(T...);
template <class... T> __device__ bool __read_implies(T...);
template <class... T> __device__ bool __write_implies(T...);
template <class... T> __device__ bool __atomic_implies(T...);
template <class... T> __device__ bool __read_offset_bytes(T...);
template <class... T> __device__ bool __write_offset_bytes(T...);
template <class... T> __device__ int __ptr_base(T...);
template <class... T> __device__ int __ptr_offset_bytes(T...);
template <class... T> __device__ void __array_snapshot(T...);
template <class... T> __device__ void __barrier_invariant(T...);
template <class... T> __device__ void __barrier_invariant_binary(T...);
#define __mod_pow2(x, y) ((x) & ((y)-1))

#include "cuda_runtime.h"

#endif
