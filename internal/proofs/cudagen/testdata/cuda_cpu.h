// A minimal stand-in for the CUDA execution oracle's header: just enough
// declarations for the generated kernels to be checked as C++20
// (clang++ -std=c++20 -fsyntax-only). The templates are deliberately
// strict (one type parameter for min, max and atomics), so that a kernel
// that passes here does not depend on overload resolution picking a
// conversion.
#pragma once

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
extern thread_local uint3 threadIdx;
extern thread_local uint3 blockIdx;
extern dim3 blockDim;
extern dim3 gridDim;
extern const int warpSize;

struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
inline int2 make_int2(int x, int y) { return {x, y}; }
inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }

template <class T> T min(T a, T b) { return a < b ? a : b; }
template <class T> T max(T a, T b) { return a < b ? b : a; }

void __syncthreads();
#define __barrier_invariant(phi, ...) ((void)[&]() -> bool { return (phi); })
#define __barrier_invariant_binary(phi, ...) ((void)[&](int __other) -> bool { return (phi); })
#define __other_int(x) (__other + 0 * (x))
template <class T, unsigned long N> void __array_snapshot(T (&dst)[N], const T (&src)[N]) {
  for (unsigned long i = 0; i < N; i++)
    dst[i] = src[i];
}
#define __requires(phi) ((void)[&](int __other) -> bool { return (phi); })
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
inline void __syncwarp(unsigned mask = 0xffffffffu) { (void)mask; }
namespace cooperative_groups {
struct grid_group {
  void sync() const;
};
grid_group this_grid();
} // namespace cooperative_groups

template <class T> T atomicAdd(T *p, T v);
template <class T> T atomicSub(T *p, T v);
template <class T> T atomicExch(T *p, T v);
template <class T> T atomicMin(T *p, T v);
template <class T> T atomicMax(T *p, T v);
template <class T> T atomicAnd(T *p, T v);
template <class T> T atomicOr(T *p, T v);
template <class T> T atomicXor(T *p, T v);
unsigned atomicInc(unsigned *p, unsigned v);
unsigned atomicDec(unsigned *p, unsigned v);
template <class T> T atomicCAS(T *p, T compare, T v);

// scoped atomics (genheader.go)
#define DRF_SCOPED(S)                                                                 \
  template <class T> T atomicAdd##S(T *p, T v);                                       \
  template <class T> T atomicSub##S(T *p, T v);                                       \
  template <class T> T atomicExch##S(T *p, T v);                                      \
  template <class T> T atomicMin##S(T *p, T v);                                       \
  template <class T> T atomicMax##S(T *p, T v);                                       \
  template <class T> T atomicAnd##S(T *p, T v);                                       \
  template <class T> T atomicOr##S(T *p, T v);                                        \
  template <class T> T atomicXor##S(T *p, T v);                                       \
  template <class T> T atomicCAS##S(T *p, T compare, T v);
DRF_SCOPED(_block)
DRF_SCOPED(_system)
#undef DRF_SCOPED
namespace cuda {
enum thread_scope { thread_scope_system, thread_scope_device, thread_scope_block, thread_scope_thread };
namespace std {
enum memory_order { memory_order_relaxed, memory_order_seq_cst };
}
template <class T, thread_scope S> struct atomic_ref {
  explicit atomic_ref(T &r);
  T load(std::memory_order = std::memory_order_seq_cst) const;
  void store(T v, std::memory_order = std::memory_order_seq_cst) const;
  T exchange(T v, std::memory_order = std::memory_order_seq_cst) const;
  bool compare_exchange_strong(T &e, T d, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_add(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_sub(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_and(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_or(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_xor(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_min(T v, std::memory_order = std::memory_order_seq_cst) const;
  T fetch_max(T v, std::memory_order = std::memory_order_seq_cst) const;
};
template <class T, thread_scope S> struct atomic {
  T load(std::memory_order = std::memory_order_seq_cst);
  void store(T v, std::memory_order = std::memory_order_seq_cst);
  T exchange(T v, std::memory_order = std::memory_order_seq_cst);
  T fetch_add(T v, std::memory_order = std::memory_order_seq_cst);
  T fetch_or(T v, std::memory_order = std::memory_order_seq_cst);
  T fetch_max(T v, std::memory_order = std::memory_order_seq_cst);
};
} // namespace cuda

// halves (genheader.go): no conversion between them and the arithmetic
// types but the named functions
struct __half {
  unsigned short x;
};
struct __nv_bfloat16 {
  unsigned short x;
};
struct __half2 {
  __half x, y;
};
__half __float2half(float);
__half __float2half_rn(float);
__half __int2half_rn(int);
float __half2float(__half);
int __half2int_rz(__half);
int __half2int_rn(__half);
__nv_bfloat16 __float2bfloat16(float);
__nv_bfloat16 __float2bfloat16_rn(float);
__nv_bfloat16 __int2bfloat16_rn(int);
float __bfloat162float(__nv_bfloat16);
int __bfloat162int_rz(__nv_bfloat16);
int __bfloat162int_rn(__nv_bfloat16);
__half2 __floats2half2_rn(float, float);
__half2 __halves2half2(__half, __half);
__half __low2half(__half2);
__half __high2half(__half2);
float __low2float(__half2);
float __high2float(__half2);
#define DRF_ARITH(H)                                                                  \
  H __hadd(H, H);                                                                     \
  H __hsub(H, H);                                                                     \
  H __hmul(H, H);                                                                     \
  H __hdiv(H, H);                                                                     \
  H __hfma(H, H, H);                                                                  \
  H __hneg(H);                                                                        \
  H __hmax(H, H);                                                                     \
  H __hmin(H, H);                                                                     \
  bool __heq(H, H);                                                                   \
  bool __hne(H, H);                                                                   \
  bool __hlt(H, H);                                                                   \
  bool __hle(H, H);                                                                   \
  bool __hgt(H, H);                                                                   \
  bool __hge(H, H);                                                                   \
  H operator+(const H &, const H &);                                                  \
  H operator-(const H &, const H &);                                                  \
  H operator*(const H &, const H &);                                                  \
  H operator/(const H &, const H &);                                                  \
  H &operator+=(H &, const H &);                                                      \
  H &operator-=(H &, const H &);                                                      \
  H &operator*=(H &, const H &);                                                      \
  H &operator/=(H &, const H &);                                                      \
  bool operator==(const H &, const H &);                                              \
  bool operator!=(const H &, const H &);                                              \
  bool operator<(const H &, const H &);                                               \
  bool operator<=(const H &, const H &);                                              \
  bool operator>(const H &, const H &);                                               \
  bool operator>=(const H &, const H &);
DRF_ARITH(__half)
DRF_ARITH(__nv_bfloat16)
#undef DRF_ARITH
__half2 __hadd2(__half2, __half2);
__half2 __hsub2(__half2, __half2);
__half2 __hmul2(__half2, __half2);
__half2 __hfma2(__half2, __half2, __half2);
__half2 operator+(const __half2 &, const __half2 &);
__half2 operator-(const __half2 &, const __half2 &);
__half2 operator*(const __half2 &, const __half2 &);
__half2 operator/(const __half2 &, const __half2 &);
__half2 &operator+=(__half2 &, const __half2 &);
__half2 &operator-=(__half2 &, const __half2 &);
__half2 &operator*=(__half2 &, const __half2 &);
__half2 &operator/=(__half2 &, const __half2 &);

// warp collectives (genheader.go)
template <class T> T __shfl_sync(unsigned mask, T var, int lane, int width = 32);
template <class T> T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T> T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32);
int __all_sync(unsigned mask, int predicate);
int __any_sync(unsigned mask, int predicate);
unsigned __ballot_sync(unsigned mask, int predicate);
unsigned __activemask();
// CUDA's integer intrinsics (genintrinsic.go)
int __ffs(int);
int __clz(int);
int __popc(unsigned);
unsigned __brev(unsigned);
int __reduce_add_sync(unsigned mask, int value);
unsigned __reduce_add_sync(unsigned mask, unsigned value);
int __reduce_min_sync(unsigned mask, int value);
unsigned __reduce_min_sync(unsigned mask, unsigned value);
int __reduce_max_sync(unsigned mask, int value);
unsigned __reduce_max_sync(unsigned mask, unsigned value);
unsigned __reduce_and_sync(unsigned mask, unsigned value);
unsigned __reduce_or_sync(unsigned mask, unsigned value);
unsigned __reduce_xor_sync(unsigned mask, unsigned value);
template <class T> unsigned __match_any_sync(unsigned mask, T value);
template <class T> unsigned __match_all_sync(unsigned mask, T value, int *pred);

#define __global__
#define __device__
#define __shared__
#define __align__(n) alignas(n)

// The host API of host programs (genhost.go). A launch k<<<g, b>>>(args)
// is checked as drf_launch(k, g, b)(args) (TestCompiles rewrites it): the
// arguments convert to the kernel's parameters as a call's do.
using size_t = decltype(sizeof 0);
typedef int cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToDevice = 1 };
template <class T> cudaError_t cudaMalloc(T **p, size_t bytes);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind);
cudaError_t cudaMemset(void *dst, int v, size_t n);
template <class... P> cudaError_t cudaLaunchKernel(void (*k)(P...), dim3 grid, dim3 block, void **args, size_t shared, void *stream);
template <class... P> struct launcher {
  void operator()(P... p) const;
};
template <class... P> launcher<P...> drf_launch(void (*k)(P...), dim3 grid, dim3 block);
