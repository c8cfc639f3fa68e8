// drf_cuda.h: the CUDA-on-CPU runtime of drfcheck's execution oracle, the
// part that kernels see. Every generated translation unit includes it before
// the kernels; drf_rt.cc implements the launch and the barrier.
//
// The header includes only C headers, so that compiling many kernels stays
// cheap. Helpers that kernels call are `nodebug`: their instructions take the
// line of the call in the kernel, so that a race inside atomicAdd is reported
// on the kernel's line.
//
// Nothing here may create a happens-before edge between two CUDA threads
// except the barriers (drf::sync for blocks, drf::warp_sync, drf::grid_sync):
// no locks, no function-local statics, no atomics stronger than relaxed.
// The warp's collectives (drf::coll) meet without one, and libcu++'s
// atomics, seq_cst by default in CUDA, are relaxed here too: see "Scoped
// atomics" below.
#pragma once

#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <type_traits>

#define DRF_INL __attribute__((nodebug, always_inline)) inline

#include "drf_coll.h"

// using namespace std; in a kernel compiles without the standard library.
namespace std {}

struct uint3 {
  unsigned x, y, z;
};

struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// The launch: every thread has its own copy, set before the kernel runs
// (blockDim and gridDim too, so that they never share an 8-byte granule of
// ThreadSanitizer's shadow with the kernel's global variables).
inline thread_local uint3 threadIdx{};
inline thread_local uint3 blockIdx{};
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;
// The warp size of CUDA. A case may run with another one (Case.WarpSize, to
// match drfcheck's --warp-size): its launcher then declares a constexpr
// warpSize in the case's namespace, which hides this one, so that warpSize
// stays a constant expression (an array bound, a template argument).
constexpr int warpSize = 32;

namespace drf {

// Layout of the static __shared__ memory of one case: every declaration of
// the case registers itself (before main) and gets its offset.
struct Layout {
  size_t size;
};
size_t shared_register(Layout *layout, size_t size, size_t align);

inline thread_local char *tls_shared = nullptr; // static __shared__ memory of this thread's block
inline thread_local char *tls_dyn = nullptr;    // extern __shared__ memory of this thread's block

template <class X, class Tag, Layout *L>
inline const size_t shared_off = shared_register(L, sizeof(X), alignof(X));

template <class X, class Tag, Layout *L>
DRF_INL X &shared_var() {
  return *reinterpret_cast<X *>(tls_shared + shared_off<X, Tag, L>);
}
DRF_INL void *dyn_shared() { return tls_dyn; }

// The block barrier: site identifies the call (a __COUNTER__), line its line;
// kind 0 is __syncthreads, 1 _count, 2 _and, 3 _or. Returns the reduction.
// When the thread registered barrier invariants before it, each is
// evaluated once every thread has arrived, and the threads meet again
// before any goes on: a failure is marked @@DRF INV line.
int sync(int site, int line, int kind, int pred);

// A barrier invariant (GPUVerify's __barrier_invariant(phi, e1, ...)): phi
// is evaluated at the thread's next block barrier; the instantiation
// expressions e1, ... only tell a static checker whom to assume it for.
// (<functional> is not included: libstdc++ there turns clang's type traits
// such as __is_arithmetic into names.)
// A binary one (__barrier_invariant_binary) holds for every pair of
// distinct threads of the block: phi names the other thread's index as
// __other_int(tid) (the only form generated kernels use), and holds(t) is
// phi for the pair of this thread and thread t (linear index).
struct Invariant {
  int line;
  bool binary;
  Invariant(int line, bool binary) : line(line), binary(binary) {}
  virtual bool holds(int other) = 0;
  virtual ~Invariant() {}
};
template <class F> struct InvariantOf final : Invariant {
  F phi;
  InvariantOf(F phi, int line, bool binary) : Invariant(line, binary), phi(phi) {}
  bool holds(int other) override { return phi(other); }
};
void add_invariant(Invariant *inv); // takes it
template <class F> void invariant(F phi, int line, bool binary) { add_invariant(new InvariantOf<F>(phi, line, binary)); }
#define __barrier_invariant(phi, ...) ::drf::invariant([&](int) -> bool { return (phi); }, __LINE__, false)
#define __barrier_invariant_binary(phi, ...)                                                                           \
  ::drf::invariant([&](int __drf_other) -> bool { return (phi); }, __LINE__, true)
#define __other_int(x) (__drf_other)
// GPUVerify's __array_snapshot(dst, src) in generated kernels (cudagen's
// genbarinv.go): dst, a local array of the thread, becomes what src, a
// __shared__ array like it, holds now. A ghost's reads access nothing:
// they are not shown to the race detector.
template <class T, unsigned long N>
__attribute__((no_sanitize("thread"))) void snapshot(T (&dst)[N], const T (&src)[N]) {
  for (unsigned long i = 0; i < N; i++)
    dst[i] = static_cast<const volatile T *>(src)[i];
}
#define __array_snapshot(dst, src) ::drf::snapshot(dst, src)
// A precondition (GPUVerify's __requires, about pairs in generated
// kernels: cudagen's genpair.go): a contract on the input that the
// interpreter checks before it accepts a kernel; a run ignores it.
#define __requires(...)

// The warp barrier (__syncwarp with the full mask): the threads of one warp
// (same linear thread index divided by the launch's warp size) wait for each
// other; nothing else is ordered. Any other mask orders nothing (see
// warp_sync in drf_rt.cc).
void warp_sync(int site, int line, unsigned mask = 0xffffffffu);

// The grid barrier (cooperative_groups::this_grid().sync()): every thread of
// the launch waits for every other.
void grid_sync(int site, int line);

// A warp collective (a CollOp of drf_coll.h): the lanes of the warp meet
// at the call site (line, col), without happens-before, and each gets its
// result; pred receives __match_all_sync's predicate.
uint64_t coll(int op, unsigned mask, uint64_t val, int size, int arg, int width, int line, int col, int *pred);

// __activemask(): the threads of the calling warp.
unsigned active_mask();

// The warp size of the running launch.
unsigned warp_size();

// Call sites of the cooperative groups' sync(), which cannot be macros: the
// line and column of the call, apart from the __COUNTER__ numbers.
DRF_INL int site_of_column(int col) { return (1 << 27) | col; }

// Ends the whole run: an assertion failed in a kernel.
[[noreturn]] void trap(const char *what, int line);

// Global memory for a pointer parameter: len elements of elem bytes, zeroed,
// with padding before and after.
void *param_alloc(const char *name, size_t elem, size_t align, size_t len);

void launch(dim3 grid, dim3 block, size_t static_shared, size_t dyn_shared, void (*body)(void *), void *args,
            unsigned warp = 32);

// host_case runs a case's host program (Case.Host): its launches use the
// case's layout, warp size and extern __shared__ size, and the memory it
// allocates lives until it returns (drf_host.h).
void host_case(Layout *layout, unsigned warp, size_t dyn_shared, void (*host)());

struct Case {
  const char *name;
  void (*launch)();
};

template <class T> struct ptr_elem {};
template <class T> struct ptr_elem<T *> { using type = T; };
template <class T> struct ptr_elem<T *const> { using type = T; };
template <class T> struct ptr_elem<T *volatile> { using type = T; };
template <class T> struct ptr_elem<T *const volatile> { using type = T; };
template <class T> struct rm_cv { using type = T; };
template <class T> struct rm_cv<const T> { using type = T; };
template <class T> struct rm_cv<volatile T> { using type = T; };
template <class T> struct rm_cv<const volatile T> { using type = T; };
template <class T> struct not_void { using type = T; };
template <> struct not_void<void> { using type = unsigned char; };
template <class P> using elem_t = typename not_void<typename rm_cv<typename ptr_elem<P>::type>::type>::type;

template <class E>
E *param(const char *name, size_t len, const long long *init, size_t ninit) {
  E *p = static_cast<E *>(param_alloc(name, sizeof(E), alignof(E), len));
  if constexpr (__is_arithmetic(E) || __is_enum(E)) {
    for (size_t i = 0; i < ninit && i < len; i++)
      p[i] = static_cast<E>(init[i]);
  } else {
    if (ninit != 0)
      trap("Init given for a parameter whose pointee is not arithmetic", 0);
  }
  return p;
}

} // namespace drf

// What follows is for kernels only: drf_rt.cc defines DRF_RT_ONLY, because
// it needs the C library that these names would clash with.
#ifndef DRF_RT_ONLY

// CUDA qualifiers vanish.
#define __global__
#define __device__
#define __host__
#define __forceinline__
#define __noinline__
#define __restrict__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
// The Go rewriter replaces every supported __shared__ declaration; what is
// left is an unsupported form, and compiling it fails with this name.
#define __shared__ __drf_unsupported_form_of_shared_declaration

#define __syncthreads() ((void)::drf::sync(__COUNTER__ + 1, __LINE__, 0, 1))
#define __syncthreads_count(p) ::drf::sync(__COUNTER__ + 1, __LINE__, 1, (p) ? 1 : 0)
#define __syncthreads_and(p) ::drf::sync(__COUNTER__ + 1, __LINE__, 2, (p) ? 1 : 0)
#define __syncthreads_or(p) ::drf::sync(__COUNTER__ + 1, __LINE__, 3, (p) ? 1 : 0)

// __syncwarp() and __syncwarp(0xffffffff) are warp barriers, numbered by
// call site as __syncthreads is; other masks order nothing. Fences create no
// happens-before.
#define __syncwarp(...) ::drf::warp_sync(__COUNTER__ + 1, __LINE__ __VA_OPT__(, ) __VA_ARGS__)
DRF_INL void __threadfence() {}
DRF_INL void __threadfence_block() {}
DRF_INL void __threadfence_system() {}
DRF_INL unsigned __activemask() { return ::drf::active_mask(); }

// The half-precision types (cuda_fp16.h, cuda_bf16.h).
#include "drf_half.h"

// Warp collectives (CUDA Programming Guide, Warp Vote, Warp Match, Warp
// Reduce and Warp Shuffle Functions): every call meets the other lanes of
// the warp at its call site (the line and column that the defaulted last
// arguments take), with no happens-before. A width of 0 is the warp size
// of the launch (Case.WarpSize), as warpSize is.
namespace drf {
template <class T> DRF_INL uint64_t to_bits(T v) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "a warp collective's value of 2, 4 or 8 bytes");
  if constexpr (sizeof(T) == 2)
    return __builtin_bit_cast(uint16_t, v);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(uint32_t, v);
  else
    return __builtin_bit_cast(uint64_t, v);
}
template <class T> DRF_INL T from_bits(uint64_t u) {
  if constexpr (sizeof(T) == 2)
    return __builtin_bit_cast(T, (uint16_t)u);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(T, (uint32_t)u);
  else
    return __builtin_bit_cast(T, u);
}
} // namespace drf
#define DRF_COLL_SITE int __drf_line = __builtin_LINE(), int __drf_col = __builtin_COLUMN()
#define DRF_SHFL(N, OP, A)                                                                          \
  template <class T> DRF_INL T N(unsigned mask, T var, A arg, int width = 0, DRF_COLL_SITE) {         \
    return ::drf::from_bits<T>(::drf::coll(OP, mask, ::drf::to_bits(var), sizeof(T), (int)arg, width, \
                                           __drf_line, __drf_col, nullptr));                         \
  }
DRF_SHFL(__shfl_sync, ::drf::kShfl, int)
DRF_SHFL(__shfl_up_sync, ::drf::kShflUp, unsigned)
DRF_SHFL(__shfl_down_sync, ::drf::kShflDown, unsigned)
DRF_SHFL(__shfl_xor_sync, ::drf::kShflXor, int)
#undef DRF_SHFL
DRF_INL int __all_sync(unsigned mask, int pred, DRF_COLL_SITE) {
  return (int)::drf::coll(::drf::kVoteAll, mask, pred != 0, 4, 0, 0, __drf_line, __drf_col, nullptr);
}
DRF_INL int __any_sync(unsigned mask, int pred, DRF_COLL_SITE) {
  return (int)::drf::coll(::drf::kVoteAny, mask, pred != 0, 4, 0, 0, __drf_line, __drf_col, nullptr);
}
DRF_INL unsigned __ballot_sync(unsigned mask, int pred, DRF_COLL_SITE) {
  return (unsigned)::drf::coll(::drf::kBallot, mask, pred != 0, 4, 0, 0, __drf_line, __drf_col, nullptr);
}
#define DRF_REDUCE(N, T, OP)                                                                          \
  DRF_INL T N(unsigned mask, T value, DRF_COLL_SITE) {                                                \
    return (T)::drf::coll(OP, mask, (uint32_t)value, 4, 0, 0, __drf_line, __drf_col, nullptr);      \
  }
DRF_REDUCE(__reduce_add_sync, unsigned, ::drf::kRedAdd)
DRF_REDUCE(__reduce_add_sync, int, ::drf::kRedAdd)
DRF_REDUCE(__reduce_min_sync, unsigned, ::drf::kRedMinU)
DRF_REDUCE(__reduce_min_sync, int, ::drf::kRedMinS)
DRF_REDUCE(__reduce_max_sync, unsigned, ::drf::kRedMaxU)
DRF_REDUCE(__reduce_max_sync, int, ::drf::kRedMaxS)
DRF_REDUCE(__reduce_and_sync, unsigned, ::drf::kRedAnd)
DRF_REDUCE(__reduce_or_sync, unsigned, ::drf::kRedOr)
DRF_REDUCE(__reduce_xor_sync, unsigned, ::drf::kRedXor)
#undef DRF_REDUCE
template <class T> DRF_INL unsigned __match_any_sync(unsigned mask, T value, DRF_COLL_SITE) {
  return (unsigned)::drf::coll(::drf::kMatchAny, mask, ::drf::to_bits(value), sizeof(T), 0, 0, __drf_line, __drf_col,
                               nullptr);
}
template <class T> DRF_INL unsigned __match_all_sync(unsigned mask, T value, int *pred, DRF_COLL_SITE) {
  int p = 0;
  unsigned r = (unsigned)::drf::coll(::drf::kMatchAll, mask, ::drf::to_bits(value), sizeof(T), 0, 0, __drf_line,
                                     __drf_col, &p);
  *pred = p;
  return r;
}
#undef DRF_COLL_SITE

// Cooperative groups, enough for the barriers: a block's sync() is
// __syncthreads(), a tile's sync() is a warp barrier when the tile is one
// warp (a tile of another size orders nothing here, as in drfcheck when it
// cannot name the tile's threads), the grid's sync() a barrier of every
// thread of the launch (all the launch's blocks run at once). Kernels
// include no header: the namespace is always there.
namespace cooperative_groups {
struct thread_block {
  DRF_INL void sync(int line = __builtin_LINE(), int col = __builtin_COLUMN()) const {
    (void)::drf::sync(::drf::site_of_column(col), line, 0, 1);
  }
  DRF_INL unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  DRF_INL unsigned thread_rank() const { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
};
template <unsigned N> struct thread_block_tile {
  DRF_INL void sync(int line = __builtin_LINE(), int col = __builtin_COLUMN()) const {
    if (N == ::drf::warp_size())
      ::drf::warp_sync(::drf::site_of_column(col), line);
  }
  DRF_INL unsigned size() const { return N; }
  DRF_INL unsigned thread_rank() const { return thread_block().thread_rank() % N; }
};
struct grid_group {
  DRF_INL void sync(int line = __builtin_LINE(), int col = __builtin_COLUMN()) const {
    ::drf::grid_sync(::drf::site_of_column(col), line);
  }
};
DRF_INL thread_block this_thread_block() { return thread_block(); }
DRF_INL grid_group this_grid() { return grid_group(); }
template <unsigned N> DRF_INL thread_block_tile<N> tiled_partition(const thread_block &) { return thread_block_tile<N>(); }
} // namespace cooperative_groups

#define printf(...) ((void)0, 0)
#undef assert
#define assert(c) ((c) ? (void)0 : ::drf::trap("assertion failed: " #c, __LINE__))

// Vector types.
#define DRF_VEC(N, T, A2, A4)                                                            \
  struct alignas(A2) N##2 { T x, y; };                                                   \
  struct N##3 { T x, y, z; };                                                            \
  struct alignas(A4) N##4 { T x, y, z, w; };                                             \
  DRF_INL N##2 make_##N##2(T x, T y) { return N##2{x, y}; }                              \
  DRF_INL N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }                      \
  DRF_INL N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
DRF_VEC(char, signed char, 2, 4)
DRF_VEC(uchar, unsigned char, 2, 4)
DRF_VEC(short, short, 4, 8)
DRF_VEC(ushort, unsigned short, 4, 8)
DRF_VEC(int, int, 8, 16)
DRF_VEC(float, float, 8, 16)
DRF_VEC(long, long, 16, 16)
DRF_VEC(ulong, unsigned long, 16, 16)
DRF_VEC(longlong, long long, 16, 16)
DRF_VEC(ulonglong, unsigned long long, 16, 16)
DRF_VEC(double, double, 16, 16)
#undef DRF_VEC
struct alignas(8) uint2 { unsigned x, y; };
struct alignas(16) uint4 { unsigned x, y, z, w; };
DRF_INL uint2 make_uint2(unsigned x, unsigned y) { return uint2{x, y}; }
DRF_INL uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return uint3{x, y, z}; }
DRF_INL uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return uint4{x, y, z, w}; }

// min and max as in CUDA: the usual arithmetic conversions pick the type.
template <class A, class B>
DRF_INL auto min(A a, B b) -> std::remove_cvref_t<decltype(true ? a : b)> { return b < a ? b : a; }
template <class A, class B>
DRF_INL auto max(A a, B b) -> std::remove_cvref_t<decltype(true ? a : b)> { return a < b ? b : a; }

// Math.
DRF_INL float sqrtf(float x) { return __builtin_sqrtf(x); }
DRF_INL float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
DRF_INL float fabsf(float x) { return __builtin_fabsf(x); }
DRF_INL float expf(float x) { return __builtin_expf(x); }
DRF_INL float exp2f(float x) { return __builtin_exp2f(x); }
DRF_INL float logf(float x) { return __builtin_logf(x); }
DRF_INL float log2f(float x) { return __builtin_log2f(x); }
DRF_INL float powf(float x, float y) { return __builtin_powf(x, y); }
DRF_INL float sinf(float x) { return __builtin_sinf(x); }
DRF_INL float cosf(float x) { return __builtin_cosf(x); }
DRF_INL float tanhf(float x) { return __builtin_tanhf(x); }
DRF_INL float floorf(float x) { return __builtin_floorf(x); }
DRF_INL float ceilf(float x) { return __builtin_ceilf(x); }
DRF_INL float truncf(float x) { return __builtin_truncf(x); }
DRF_INL float roundf(float x) { return __builtin_roundf(x); }
DRF_INL float fmodf(float x, float y) { return __builtin_fmodf(x, y); }
DRF_INL float fminf(float x, float y) { return __builtin_fminf(x, y); }
DRF_INL float fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
DRF_INL float __fdividef(float x, float y) { return x / y; }
DRF_INL float __expf(float x) { return __builtin_expf(x); }
DRF_INL float __logf(float x) { return __builtin_logf(x); }
DRF_INL float __sinf(float x) { return __builtin_sinf(x); }
DRF_INL float __cosf(float x) { return __builtin_cosf(x); }
DRF_INL float __powf(float x, float y) { return __builtin_powf(x, y); }
DRF_INL double sqrt(double x) { return __builtin_sqrt(x); }
DRF_INL double fabs(double x) { return __builtin_fabs(x); }
DRF_INL double exp(double x) { return __builtin_exp(x); }
DRF_INL double log(double x) { return __builtin_log(x); }
DRF_INL double pow(double x, double y) { return __builtin_pow(x, y); }
DRF_INL double floor(double x) { return __builtin_floor(x); }
DRF_INL double ceil(double x) { return __builtin_ceil(x); }
DRF_INL double fmin(double x, double y) { return __builtin_fmin(x, y); }
DRF_INL double fmax(double x, double y) { return __builtin_fmax(x, y); }
DRF_INL int abs(int x) { return x < 0 ? -x : x; }
DRF_INL long long llabs(long long x) { return x < 0 ? -x : x; }
DRF_INL int __mul24(int x, int y) { return x * y; }
DRF_INL unsigned __umul24(unsigned x, unsigned y) { return x * y; }
DRF_INL int __popc(unsigned x) { return __builtin_popcount(x); }
DRF_INL int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
DRF_INL int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
DRF_INL int __ffs(int x) { return __builtin_ffs(x); }
DRF_INL unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
DRF_INL int __float2int_rn(float x) { return (int)__builtin_rintf(x); }
DRF_INL int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
DRF_INL float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
DRF_INL unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
DRF_INL float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }

// Atomics: relaxed, as CUDA's. They create no happens-before, TSan never
// reports two of them against each other, and it reports one against a plain
// access.
//
// Scoped atomics. Every atomic also tells drf_shim.cc its block and scope
// (drf_scope_mark): atomicX and atomicX_system are of the device's scope
// (one device: system is device here), atomicX_block of the block's, and so
// are cuda::atomic_ref<T, S> and cuda::atomic<T, S> with S. Two atomics of
// different blocks on one location race when one of them is block-scoped
// and one of them writes (under the PTX memory model they are not morally
// strong); within a block, atomics never race. See drf_shim.cc for how
// ThreadSanitizer is told.
namespace drf {
DRF_INL unsigned block_lin() { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
DRF_INL void scope_mark(const void *p, size_t n, int flags) { drf_scope_mark(p, n, block_lin(), flags); }
} // namespace drf
#define DRF_R __ATOMIC_RELAXED
#define DRF_MARK(p, F) ::drf::scope_mark(p, sizeof(*(p)), (F) | ::drf::kMarkWrite)
#define DRF_ATOMIC_INT_S(T, S, F)                                                                 \
  DRF_INL T atomicAdd##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    return __atomic_fetch_add(p, v, DRF_R);                                                        \
  }                                                                                                \
  DRF_INL T atomicSub##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    return __atomic_fetch_sub(p, v, DRF_R);                                                        \
  }                                                                                                \
  DRF_INL T atomicExch##S(T *p, T v) {                                                             \
    DRF_MARK(p, F);                                                                                \
    return __atomic_exchange_n(p, v, DRF_R);                                                       \
  }                                                                                                \
  DRF_INL T atomicAnd##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    return __atomic_fetch_and(p, v, DRF_R);                                                        \
  }                                                                                                \
  DRF_INL T atomicOr##S(T *p, T v) {                                                               \
    DRF_MARK(p, F);                                                                                \
    return __atomic_fetch_or(p, v, DRF_R);                                                         \
  }                                                                                                \
  DRF_INL T atomicXor##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    return __atomic_fetch_xor(p, v, DRF_R);                                                        \
  }                                                                                                \
  DRF_INL T atomicCAS##S(T *p, T cmp, T v) {                                                       \
    DRF_MARK(p, F);                                                                                \
    __atomic_compare_exchange_n(p, &cmp, v, false, DRF_R, DRF_R);                                  \
    return cmp;                                                                                    \
  }                                                                                                \
  DRF_INL T atomicMin##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    T old = __atomic_load_n(p, DRF_R);                                                             \
    while (v < old && !__atomic_compare_exchange_n(p, &old, v, false, DRF_R, DRF_R)) {             \
    }                                                                                              \
    return old;                                                                                    \
  }                                                                                                \
  DRF_INL T atomicMax##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    T old = __atomic_load_n(p, DRF_R);                                                             \
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, false, DRF_R, DRF_R)) {             \
    }                                                                                              \
    return old;                                                                                    \
  }
#define DRF_ATOMIC_INT(T)                                                                          \
  DRF_ATOMIC_INT_S(T, , 0)                                                                         \
  DRF_ATOMIC_INT_S(T, _system, 0)                                                                  \
  DRF_ATOMIC_INT_S(T, _block, ::drf::kMarkBlock)
DRF_ATOMIC_INT(int)
DRF_ATOMIC_INT(unsigned)
DRF_ATOMIC_INT(unsigned long long)
DRF_ATOMIC_INT(long long)
#undef DRF_ATOMIC_INT
#undef DRF_ATOMIC_INT_S

#define DRF_ATOMIC_SMALL_S(S, F)                                                                   \
  DRF_INL unsigned short atomicCAS##S(unsigned short *p, unsigned short cmp, unsigned short v) {   \
    DRF_MARK(p, F);                                                                                \
    __atomic_compare_exchange_n(p, &cmp, v, false, DRF_R, DRF_R);                                  \
    return cmp;                                                                                    \
  }                                                                                                \
  DRF_INL unsigned atomicInc##S(unsigned *p, unsigned limit) {                                     \
    DRF_MARK(p, F);                                                                                \
    unsigned old = __atomic_load_n(p, DRF_R);                                                      \
    while (!__atomic_compare_exchange_n(p, &old, old >= limit ? 0u : old + 1u, false, DRF_R, DRF_R)) { \
    }                                                                                              \
    return old;                                                                                    \
  }                                                                                                \
  DRF_INL unsigned atomicDec##S(unsigned *p, unsigned limit) {                                     \
    DRF_MARK(p, F);                                                                                \
    unsigned old = __atomic_load_n(p, DRF_R);                                                      \
    while (!__atomic_compare_exchange_n(p, &old, (old == 0u || old > limit) ? limit : old - 1u, false, DRF_R, \
                                        DRF_R)) {                                                  \
    }                                                                                              \
    return old;                                                                                    \
  }
DRF_ATOMIC_SMALL_S(, 0)
DRF_ATOMIC_SMALL_S(_system, 0)
DRF_ATOMIC_SMALL_S(_block, ::drf::kMarkBlock)
#undef DRF_ATOMIC_SMALL_S

#define DRF_ATOMIC_FLOAT_S(T, U, S, F)                                                             \
  DRF_INL T atomicAdd##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    U *u = reinterpret_cast<U *>(p);                                                               \
    U old = __atomic_load_n(u, DRF_R);                                                             \
    while (!__atomic_compare_exchange_n(u, &old, __builtin_bit_cast(U, __builtin_bit_cast(T, old) + v), \
                                        false, DRF_R, DRF_R)) {                                    \
    }                                                                                              \
    return __builtin_bit_cast(T, old);                                                             \
  }                                                                                                \
  DRF_INL T atomicSub##S(T *p, T v) { return atomicAdd##S(p, -v); }                                \
  DRF_INL T atomicExch##S(T *p, T v) {                                                             \
    DRF_MARK(p, F);                                                                                \
    return __builtin_bit_cast(T, __atomic_exchange_n(reinterpret_cast<U *>(p), __builtin_bit_cast(U, v), DRF_R)); \
  }                                                                                                \
  DRF_INL T atomicMin##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    U *u = reinterpret_cast<U *>(p);                                                               \
    U old = __atomic_load_n(u, DRF_R);                                                             \
    while (v < __builtin_bit_cast(T, old) &&                                                       \
           !__atomic_compare_exchange_n(u, &old, __builtin_bit_cast(U, v), false, DRF_R, DRF_R)) { \
    }                                                                                              \
    return __builtin_bit_cast(T, old);                                                             \
  }                                                                                                \
  DRF_INL T atomicMax##S(T *p, T v) {                                                              \
    DRF_MARK(p, F);                                                                                \
    U *u = reinterpret_cast<U *>(p);                                                               \
    U old = __atomic_load_n(u, DRF_R);                                                             \
    while (__builtin_bit_cast(T, old) < v &&                                                       \
           !__atomic_compare_exchange_n(u, &old, __builtin_bit_cast(U, v), false, DRF_R, DRF_R)) { \
    }                                                                                              \
    return __builtin_bit_cast(T, old);                                                             \
  }
#define DRF_ATOMIC_FLOAT(T, U)                                                                     \
  DRF_ATOMIC_FLOAT_S(T, U, , 0)                                                                    \
  DRF_ATOMIC_FLOAT_S(T, U, _system, 0)                                                             \
  DRF_ATOMIC_FLOAT_S(T, U, _block, ::drf::kMarkBlock)
DRF_ATOMIC_FLOAT(float, unsigned)
DRF_ATOMIC_FLOAT(double, unsigned long long)
#undef DRF_ATOMIC_FLOAT
#undef DRF_ATOMIC_FLOAT_S

// libcu++'s scoped atomics (<cuda/atomic>): cuda::atomic_ref<T, S> over an
// object of integral type T, and cuda::atomic<T, S>, a struct around a T,
// whose operations are atomics of scope S (thread_scope_block: of the block;
// device and system: of the device; thread: of the block too). Their
// memory orders, seq_cst by default, are all relaxed here, as CUDA's
// atomicAdd is: kernels whose control flow and indices do not depend on
// what atomics return (those the generator makes, counters apart) race in
// some schedule whenever they race without the orders' edges (the one
// where the thread that reads runs its atomics first), so leaving the edges
// out finds no race that is not there, and keeps the rule that only
// barriers order threads.
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
namespace std {
enum memory_order {
  memory_order_relaxed,
  memory_order_consume,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};
} // namespace std
using std::memory_order;
using std::memory_order_acq_rel;
using std::memory_order_acquire;
using std::memory_order_consume;
using std::memory_order_relaxed;
using std::memory_order_release;
using std::memory_order_seq_cst;

template <class T, thread_scope S = thread_scope_system> class atomic_ref {
  static_assert(__is_integral(T), "the oracle's cuda::atomic_ref is of integral types");
  T *p_;
  static constexpr int F = S == thread_scope_block || S == thread_scope_thread ? ::drf::kMarkBlock : 0;
  DRF_INL void mark(int w) const { ::drf::scope_mark(p_, sizeof(T), F | w); }

public:
  DRF_INL explicit atomic_ref(T &r) : p_(&r) {}
  atomic_ref(const atomic_ref &) = default;
  DRF_INL T load(memory_order = memory_order_seq_cst) const {
    mark(0);
    return __atomic_load_n(p_, DRF_R);
  }
  DRF_INL operator T() const { return load(); }
  DRF_INL void store(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    __atomic_store_n(p_, v, DRF_R);
  }
  DRF_INL T operator=(T v) const {
    store(v);
    return v;
  }
  DRF_INL T exchange(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_exchange_n(p_, v, DRF_R);
  }
  DRF_INL bool compare_exchange_strong(T &expected, T desired, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_compare_exchange_n(p_, &expected, desired, false, DRF_R, DRF_R);
  }
  DRF_INL bool compare_exchange_strong(T &expected, T desired, memory_order, memory_order) const {
    return compare_exchange_strong(expected, desired);
  }
  DRF_INL bool compare_exchange_weak(T &expected, T desired, memory_order = memory_order_seq_cst) const {
    return compare_exchange_strong(expected, desired);
  }
  DRF_INL T fetch_add(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_fetch_add(p_, v, DRF_R);
  }
  DRF_INL T fetch_sub(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_fetch_sub(p_, v, DRF_R);
  }
  DRF_INL T fetch_and(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_fetch_and(p_, v, DRF_R);
  }
  DRF_INL T fetch_or(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_fetch_or(p_, v, DRF_R);
  }
  DRF_INL T fetch_xor(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    return __atomic_fetch_xor(p_, v, DRF_R);
  }
  DRF_INL T fetch_min(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    T old = __atomic_load_n(p_, DRF_R);
    while (v < old && !__atomic_compare_exchange_n(p_, &old, v, false, DRF_R, DRF_R)) {
    }
    return old;
  }
  DRF_INL T fetch_max(T v, memory_order = memory_order_seq_cst) const {
    mark(::drf::kMarkWrite);
    T old = __atomic_load_n(p_, DRF_R);
    while (old < v && !__atomic_compare_exchange_n(p_, &old, v, false, DRF_R, DRF_R)) {
    }
    return old;
  }
  DRF_INL T operator++() const { return fetch_add(1) + 1; }
  DRF_INL T operator++(int) const { return fetch_add(1); }
  DRF_INL T operator--() const { return fetch_sub(1) - 1; }
  DRF_INL T operator--(int) const { return fetch_sub(1); }
  DRF_INL T operator+=(T v) const { return fetch_add(v) + v; }
  DRF_INL T operator-=(T v) const { return fetch_sub(v) - v; }
};

template <class T, thread_scope S = thread_scope_system> struct atomic {
  // zeroed memory is an atomic of value 0 (the oracle zeroes parameters)
  atomic() = default;
  DRF_INL constexpr atomic(T v) : v_(v) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  DRF_INL atomic_ref<T, S> ref() { return atomic_ref<T, S>(v_); }
  DRF_INL T load(memory_order o = memory_order_seq_cst) { return ref().load(o); }
  DRF_INL operator T() { return load(); }
  DRF_INL void store(T v, memory_order o = memory_order_seq_cst) { ref().store(v, o); }
  DRF_INL T operator=(T v) { return ref() = v; }
  DRF_INL T exchange(T v, memory_order o = memory_order_seq_cst) { return ref().exchange(v, o); }
  DRF_INL bool compare_exchange_strong(T &e, T d, memory_order o = memory_order_seq_cst) {
    return ref().compare_exchange_strong(e, d, o);
  }
  DRF_INL bool compare_exchange_weak(T &e, T d, memory_order o = memory_order_seq_cst) {
    return ref().compare_exchange_weak(e, d, o);
  }
  DRF_INL T fetch_add(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_add(v, o); }
  DRF_INL T fetch_sub(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_sub(v, o); }
  DRF_INL T fetch_and(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_and(v, o); }
  DRF_INL T fetch_or(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_or(v, o); }
  DRF_INL T fetch_xor(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_xor(v, o); }
  DRF_INL T fetch_min(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_min(v, o); }
  DRF_INL T fetch_max(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_max(v, o); }
  DRF_INL T operator++() { return ref().fetch_add(1) + 1; }
  DRF_INL T operator++(int) { return ref().fetch_add(1); }
  DRF_INL T operator+=(T v) { return ref().fetch_add(v) + v; }

private:
  T v_;
};
} // namespace cuda
#undef DRF_MARK
#undef DRF_R

#include "drf_host.h"

#endif // DRF_RT_ONLY
