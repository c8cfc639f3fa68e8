// drfcheck prelude: what nvcc provides implicitly, declared for clang's
// host-side syntax check (clang -x cuda --cuda-host-only -nocudainc). It is
// force-included before every CUDA file. The CUDA front end (package infer)
// recognizes the declarations below by name and by being declared in this
// directory: barriers, atomics and the built-in index variables become
// protocol constructs, min, max and make_int2 & co. values; functions with
// bodies (dim3's constructors, cooperative groups) are inlined like user
// code; a function declared here without a body and marked __DRF_PURE is
// that function of its scalar arguments, any other gives a fresh value per
// call and per thread; either reads what it is given by pointer to const
// and writes what it is given by pointer or reference to non-const. The declarations are
// kept lean (templates and macros for families of overloads, no bodies
// where the front end knows the semantics). The prelude is precompiled when
// clang can: its declarations are then read lazily and dumped only when the
// file uses them, which keeps its cost small (without the precompiled
// header, clang dumps all of it, and the C and C++ library headers it
// includes, for every file). APIs with bodies or rarely used (cuRAND,
// cooperative groups, half precision, helper_math.h, libcu++) are in headers
// of their own that the user's file includes.
#ifndef DRFCHECK_PRELUDE_H
#define DRFCHECK_PRELUDE_H

// ---- what nvcc defines ----

#define __DRFCHECK__ 1
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#define CUDART_VERSION 12000
#define CUDA_VERSION 12000
// drfcheck checks the device code: #if __CUDA_ARCH__ takes the device path
// (of a recent GPU). The built-ins that nvcc declares __device__ only and
// that no C library declares are __host__ __device__ here, so that a
// __host__ __device__ function that calls them in its __CUDA_ARCH__ branch
// may still be called from host code.
#define __CUDA_ARCH__ 800

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
// Empty, not __attribute__((noinline)): libstdc++ 12 writes
// __attribute__((__noinline__)) (in <memory>), which must stay valid, and
// an empty entry of an attribute list is. drfcheck inlines every call.
#define __noinline__
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __maxnreg__(n)
#define __grid_constant__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __CUDA_DEPRECATED
#define CUDARTAPI
#define CUDART_CB
#define __DRF_HD __host__ __device__
// __DRF_PURE marks the functions whose result is a function of their
// arguments only, the same for every thread and every call: the math
// library, conversions, integer intrinsics. The front end takes a call of
// one as that function of its arguments (two threads computing
// __popc(m) of equal m write equal values). Any other function of these
// headers without a body gives a fresh value per call and per thread, and
// may write what its pointer and reference arguments reach: warp
// functions (__reduce_add_sync depends on the other threads of the warp),
// clocks, random numbers, and whatever is added without this mark.
#define __DRF_PURE __attribute__((const))
#define __DRF_HDP __host__ __device__ __DRF_PURE

#include <stddef.h>

typedef unsigned int uint;
typedef unsigned short ushort;

// ---- the C library on the device ----
// clang's cuda_wrappers/new (included by <new>, <memory>, <vector>, ...)
// calls ::malloc and ::free on the device. These are device overloads of the
// C library's functions, which are included below as nvcc does; the front
// end lowers memcpy and memset by name.

extern "C" {
__device__ int printf(const char *format, ...);
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
__device__ void *memcpy(void *dst, const void *src, size_t n);
__device__ void *memset(void *dst, int value, size_t n);
__device__ long clock(void);
__device__ void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);
}

#include "drfcheck_math.h"

// ---- integer intrinsics ----

__DRF_HDP int __mul24(int x, int y);
__DRF_HDP unsigned int __umul24(unsigned int x, unsigned int y);
__DRF_HDP int __mulhi(int x, int y);
__DRF_HDP unsigned int __umulhi(unsigned int x, unsigned int y);
__DRF_HDP long long __mul64hi(long long x, long long y);
__DRF_HDP unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
__DRF_HDP int __hadd(int x, int y);
__DRF_HDP int __rhadd(int x, int y);
__DRF_HDP unsigned int __uhadd(unsigned int x, unsigned int y);
__DRF_HDP unsigned int __urhadd(unsigned int x, unsigned int y);
__DRF_HDP unsigned int __sad(int x, int y, unsigned int z);
__DRF_HDP unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__DRF_HDP int __popc(unsigned int x);
__DRF_HDP int __popcll(unsigned long long x);
__DRF_HDP int __clz(int x);
__DRF_HDP int __clzll(long long x);
__DRF_HDP int __ffs(int x);
__DRF_HDP int __ffsll(long long x);
__DRF_HDP unsigned int __brev(unsigned int x);
__DRF_HDP unsigned long long __brevll(unsigned long long x);
__DRF_HDP unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__DRF_HDP unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__DRF_HDP unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__DRF_HDP unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__DRF_HDP unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
__DRF_HDP unsigned int __fns(unsigned int mask, unsigned int base, int offset);
__DRF_HDP int __dp4a(int a, int b, int c);
__DRF_HDP unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c);
__DRF_HDP int __dp2a_lo(int a, int b, int c);
__DRF_HDP unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c);
__DRF_HDP int __dp2a_hi(int a, int b, int c);
__DRF_HDP unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c);
// SIMD video instructions: four bytes or two halfwords of 32 bits
#define __DRF_V1(n) __DRF_HDP unsigned int n##2(unsigned int); __DRF_HDP unsigned int n##4(unsigned int);
#define __DRF_V2(n) \
  __DRF_HDP unsigned int n##2(unsigned int, unsigned int); \
  __DRF_HDP unsigned int n##4(unsigned int, unsigned int);
__DRF_V1(__vabs) __DRF_V1(__vabsss) __DRF_V1(__vneg) __DRF_V1(__vnegss)
__DRF_V2(__vabsdiffs) __DRF_V2(__vabsdiffu) __DRF_V2(__vadd) __DRF_V2(__vaddss) __DRF_V2(__vaddus)
__DRF_V2(__vavgs) __DRF_V2(__vavgu) __DRF_V2(__vhaddu) __DRF_V2(__vcmpeq) __DRF_V2(__vcmpges) __DRF_V2(__vcmpgeu)
__DRF_V2(__vcmpgts) __DRF_V2(__vcmpgtu) __DRF_V2(__vcmples) __DRF_V2(__vcmpleu) __DRF_V2(__vcmplts)
__DRF_V2(__vcmpltu) __DRF_V2(__vcmpne) __DRF_V2(__vmaxs) __DRF_V2(__vmaxu) __DRF_V2(__vmins) __DRF_V2(__vminu)
__DRF_V2(__vsads) __DRF_V2(__vsadu) __DRF_V2(__vseteq) __DRF_V2(__vsetges) __DRF_V2(__vsetgeu) __DRF_V2(__vsetgts)
__DRF_V2(__vsetgtu) __DRF_V2(__vsetles) __DRF_V2(__vsetleu) __DRF_V2(__vsetlts) __DRF_V2(__vsetltu)
__DRF_V2(__vsetne) __DRF_V2(__vsub) __DRF_V2(__vsubss) __DRF_V2(__vsubus)

// min and max: the front end turns them into conditional expressions.
__DRF_HDP int min(int a, int b);
__DRF_HDP unsigned int min(unsigned int a, unsigned int b);
__DRF_HDP unsigned int min(int a, unsigned int b);
__DRF_HDP unsigned int min(unsigned int a, int b);
__DRF_HDP long min(long a, long b);
__DRF_HDP unsigned long min(unsigned long a, unsigned long b);
__DRF_HDP long long min(long long a, long long b);
__DRF_HDP unsigned long long min(unsigned long long a, unsigned long long b);
__DRF_HDP float min(float a, float b);
__DRF_HDP double min(double a, double b);
__DRF_HDP int max(int a, int b);
__DRF_HDP unsigned int max(unsigned int a, unsigned int b);
__DRF_HDP unsigned int max(int a, unsigned int b);
__DRF_HDP unsigned int max(unsigned int a, int b);
__DRF_HDP long max(long a, long b);
__DRF_HDP unsigned long max(unsigned long a, unsigned long b);
__DRF_HDP long long max(long long a, long long b);
__DRF_HDP unsigned long long max(unsigned long long a, unsigned long long b);
__DRF_HDP float max(float a, float b);
__DRF_HDP double max(double a, double b);
__DRF_HDP int umin(unsigned int a, unsigned int b);
__DRF_HDP int umax(unsigned int a, unsigned int b);
__DRF_HDP long long llmin(long long a, long long b);
__DRF_HDP long long llmax(long long a, long long b);
__DRF_HDP unsigned long long ullmin(unsigned long long a, unsigned long long b);
__DRF_HDP unsigned long long ullmax(unsigned long long a, unsigned long long b);

// ---- the C and C++ libraries, which nvcc's headers include ----

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <assert.h>
#include <math.h>

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

__device__ void __syncthreads(void); // a clang built-in, on the device
__DRF_HD int __syncthreads_count(int predicate);
__DRF_HD int __syncthreads_and(int predicate);
__DRF_HD int __syncthreads_or(int predicate);
__DRF_HD void __syncwarp(unsigned int mask = 0xffffffff);
__DRF_HD void __threadfence(void);
__DRF_HD void __threadfence_block(void);
__DRF_HD void __threadfence_system(void);

// ---- atomics ----

// One template per atomic: the front end only needs the name (the scope is
// its suffix), the pointer and the type of the result.
#define __DRF_ATOMIC(n) \
  template <class T, class U> __DRF_HD T n(T *address, U val); \
  template <class T, class U> __DRF_HD T n##_block(T *address, U val); \
  template <class T, class U> __DRF_HD T n##_system(T *address, U val);
__DRF_ATOMIC(atomicAdd) __DRF_ATOMIC(atomicSub) __DRF_ATOMIC(atomicExch) __DRF_ATOMIC(atomicMin)
__DRF_ATOMIC(atomicMax) __DRF_ATOMIC(atomicAnd) __DRF_ATOMIC(atomicOr) __DRF_ATOMIC(atomicXor)
__DRF_ATOMIC(atomicInc) __DRF_ATOMIC(atomicDec)
template <class T, class U, class V> __DRF_HD T atomicCAS(T *address, U compare, V val);
template <class T, class U, class V> __DRF_HD T atomicCAS_block(T *address, U compare, V val);
template <class T, class U, class V> __DRF_HD T atomicCAS_system(T *address, U compare, V val);

// ---- warp functions ----

// (the width is optional: overloads, not a default argument, which the
// front end would have to evaluate)
#define __DRF_SHFL(n, P) \
  template <class T> __DRF_HD T n##_sync(unsigned mask, T var, P); \
  template <class T> __DRF_HD T n##_sync(unsigned mask, T var, P, int width); \
  template <class T> __DRF_HD T n(T var, P); \
  template <class T> __DRF_HD T n(T var, P, int width);
__DRF_SHFL(__shfl, int srcLane)
__DRF_SHFL(__shfl_up, unsigned delta)
__DRF_SHFL(__shfl_down, unsigned delta)
__DRF_SHFL(__shfl_xor, int laneMask)
__DRF_HD int __all_sync(unsigned mask, int predicate);
__DRF_HD int __any_sync(unsigned mask, int predicate);
__DRF_HD unsigned __ballot_sync(unsigned mask, int predicate);
__DRF_HD unsigned __activemask(void);
__DRF_HD int __all(int predicate);
__DRF_HD int __any(int predicate);
__DRF_HD unsigned __ballot(int predicate);
template <class T> __DRF_HD unsigned __match_any_sync(unsigned mask, T value);
template <class T> __DRF_HD unsigned __match_all_sync(unsigned mask, T value, int *pred);
__DRF_HD unsigned __reduce_add_sync(unsigned mask, unsigned value);
__DRF_HD int __reduce_add_sync(unsigned mask, int value);
__DRF_HD unsigned __reduce_min_sync(unsigned mask, unsigned value);
__DRF_HD int __reduce_min_sync(unsigned mask, int value);
__DRF_HD unsigned __reduce_max_sync(unsigned mask, unsigned value);
__DRF_HD int __reduce_max_sync(unsigned mask, int value);
__DRF_HD unsigned __reduce_and_sync(unsigned mask, unsigned value);
__DRF_HD unsigned __reduce_or_sync(unsigned mask, unsigned value);
__DRF_HD unsigned __reduce_xor_sync(unsigned mask, unsigned value);

// ---- memory and other device functions ----

// cache-hinted loads and stores: a read or a write of *ptr
template <class T> __DRF_HD T __ldg(const T *ptr);
template <class T> __DRF_HD T __ldcg(const T *ptr);
template <class T> __DRF_HD T __ldca(const T *ptr);
template <class T> __DRF_HD T __ldcs(const T *ptr);
template <class T> __DRF_HD T __ldlu(const T *ptr);
template <class T> __DRF_HD T __ldcv(const T *ptr);
template <class T> __DRF_HD void __stwb(T *ptr, T value);
template <class T> __DRF_HD void __stcg(T *ptr, T value);
template <class T> __DRF_HD void __stcs(T *ptr, T value);
template <class T> __DRF_HD void __stwt(T *ptr, T value);
__DRF_HD unsigned int __isGlobal(const void *ptr);
__DRF_HD unsigned int __isShared(const void *ptr);
__DRF_HD unsigned int __isConstant(const void *ptr);
__DRF_HD unsigned int __isLocal(const void *ptr);
__DRF_HD size_t __cvta_generic_to_shared(const void *ptr);
__DRF_HD size_t __cvta_generic_to_global(const void *ptr);
__DRF_HD long long clock64(void);
__DRF_HD unsigned long long __globaltimer(void);
__DRF_HD void __nanosleep(unsigned ns);
__DRF_HD void __prof_trigger(int counter);
__DRF_HD void __trap(void);
__DRF_HD void __brkpt(void);

// ---- vector types ----

// aligned as CUDA's vector_types.h aligns them: the two- and
// four-component types at their size, up to 16 bytes (a struct holding a
// float4 puts it at a multiple of 16)
#define __DRF_VECALIGN(T, k) __attribute__((aligned(sizeof(T) * k < 16 ? sizeof(T) * k : 16)))
#define __DRF_VEC(T, n) \
  struct n##1 { T x; }; \
  struct __DRF_VECALIGN(T, 2) n##2 { T x, y; }; \
  struct n##3 { T x, y, z; }; \
  struct __DRF_VECALIGN(T, 4) n##4 { T x, y, z, w; }; \
  __DRF_HD n##1 make_##n##1(T x); \
  __DRF_HD n##2 make_##n##2(T x, T y); \
  __DRF_HD n##3 make_##n##3(T x, T y, T z); \
  __DRF_HD n##4 make_##n##4(T x, T y, T z, T w);
__DRF_VEC(signed char, char)
__DRF_VEC(unsigned char, uchar)
__DRF_VEC(short, short)
__DRF_VEC(unsigned short, ushort)
__DRF_VEC(int, int)
__DRF_VEC(long, long)
__DRF_VEC(unsigned long, ulong)
__DRF_VEC(long long, longlong)
__DRF_VEC(unsigned long long, ulonglong)
__DRF_VEC(float, float)
__DRF_VEC(double, double)
struct uint1 { unsigned int x; };
struct __DRF_VECALIGN(unsigned int, 2) uint2 { unsigned int x, y; };
struct __DRF_VECALIGN(unsigned int, 4) uint4 { unsigned int x, y, z, w; };
__DRF_HD uint1 make_uint1(unsigned int x);
__DRF_HD uint2 make_uint2(unsigned int x, unsigned int y);
__DRF_HD uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
__DRF_HD uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w);
__DRF_HD dim3 make_dim3(unsigned x, unsigned y, unsigned z);
typedef struct dim3 dim3;

// ---- GPUVerify annotations ----
// __requires and __assume are assumptions; the others are accepted and
// ignored: drfcheck needs no invariants. Those that the front end does not
// know by name and that take a pointer take it as a pointer to const void,
// so that the call is not taken for an access.

__device__ void __requires(bool);
__device__ void __assume(bool);
__device__ void __ensures(bool);
__device__ void __assert(bool);
__device__ void __global_assert(bool);
__device__ void __invariant(bool);
__device__ void __global_invariant(bool);
__device__ void __function_wide_invariant(bool);
__device__ void __function_wide_candidate_invariant(bool);
__device__ void __candidate_invariant(bool);
__device__ void __candidate_global_invariant(bool);
__device__ void __global_requires(bool);
__device__ void __global_ensures(bool);
__device__ void __non_temporal_loads_begin(void);
__device__ void __non_temporal_loads_end(void);
__device__ void __requires_fresh_array(const volatile void *p);
template <class... T> __device__ bool __implies(T...);
template <class... T> __device__ bool __enabled(T...);
template <class... T> __device__ bool __uniform_bool(T...);
template <class... T> __device__ bool __uniform_int(T...);
template <class... T> __device__ bool __distinct_bool(T...);
template <class... T> __device__ bool __distinct_int(T...);
template <class... T> __device__ bool __all(T...);
template <class... T> __device__ bool __exclusive(T...);
template <class... T> __device__ bool __at_most_one(T...);
template <class... T> __device__ bool __same_group(T...);
template <class... T> __device__ bool __is_pow2(T...);
template <class... T> __device__ int __return_val_int(T...);
template <class... T> __device__ bool __return_val_bool(T...);
template <class... T> __device__ void *__return_val_ptr(T...);
template <class... T> __device__ int __old_int(T...);
template <class... T> __device__ bool __old_bool(T...);
template <class... T> __device__ int __other_int(T...);
template <class... T> __device__ bool __other_bool(T...);
__device__ void *__other_ptr(const volatile void *p);
template <class... T> __device__ bool __add_noovfl(T...);
template <class... T> __device__ bool __add_noovfl_unsigned(T...);
template <class... T> __device__ bool __add_noovfl_signed(T...);
template <class... T> __device__ bool __ptr_equal(T...);
template <class... T> __device__ bool __read(T...);
template <class... T> __device__ bool __write(T...);
__device__ bool __atomic(const volatile void *p);
template <class... T> __device__ bool __no_read(T...);
template <class... T> __device__ bool __no_write(T...);
template <class... T> __device__ bool __read_implies(T...);
template <class... T> __device__ bool __write_implies(T...);
template <class... T> __device__ bool __atomic_implies(T...);
template <class... T> __device__ bool __read_offset_bytes(T...);
template <class... T> __device__ bool __write_offset_bytes(T...);
__device__ bool __read_offset(const volatile void *p);
__device__ bool __write_offset(const volatile void *p);
template <class... T> __device__ int __ptr_base(T...);
template <class... T> __device__ int __ptr_offset_bytes(T...);
__device__ int __ptr_offset(const volatile void *p);
template <class... T> __device__ void __array_snapshot(T...);
template <class... T> __device__ void __barrier_invariant(T...);
template <class... T> __device__ void __barrier_invariant_binary(T...);
template <class... T> __device__ void __barrier_invariant_2(T...);
// __return_val_funptr(T) names a type
#define __return_val_funptr(T) ((T)0)
#define __mod_pow2(x, y) ((x) & ((y)-1))
#define __ite(c, x, y) ((c) ? (x) : (y))
// __axiom(e); at file scope: like GPUVerify, a device function __axiomN
// that returns e (N from __COUNTER__), which drfcheck does not use.
#define __drf_concat(x, y) x##y
#define __drf_axiom_name(n) __drf_concat(__axiom, n)
#define __axiom(e) extern "C" __device__ bool __drf_axiom_name(__COUNTER__)() { return e; }

#include "cuda_runtime.h"

#endif
