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
