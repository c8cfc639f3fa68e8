// drf_host.h: the part of the CUDA runtime API that a case's host program
// calls (Case.Host): allocation, copies, and the launches, <<<...>>> (the
// Go rewriter turns each into a call of drf::kernel_launch) and
// cudaLaunchKernel. Their semantics are CUDA's, written here from its
// documentation and independent of drfcheck's stub headers:
//
//   - cudaMalloc gives memory of its own to each call (with padding that a
//     write out of bounds is caught in), zeroed as the oracle's buffers
//     always are; cudaFree is a no-op (the memory lives until the case
//     ends);
//   - a launch converts each argument to its parameter's type as a call
//     does (an int passed to an unsigned char parameter is taken modulo
//     256), and cudaLaunchKernel reads each parameter's bytes from the
//     object its argument array's element points to, as CUDA does (a long
//     long read as an int is its low four bytes);
//   - every thread of the launch calls the kernel with its own copies of
//     the arguments, as with the oracle's own launches; the launch returns
//     when the kernel is done, so that launches of one case are ordered.
//
// drf_cuda.h includes it; drf_rt.cc implements drf::host_launch and
// drf::host_case.
#pragma once

typedef int cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
#define cudaSuccess 0
typedef struct CUstream_st *cudaStream_t;

template <class T> inline cudaError_t cudaMalloc(T **p, size_t bytes) {
  *p = static_cast<T *>(::drf::param_alloc("cudaMalloc", 1, 256, bytes));
  return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind) {
  char *d = static_cast<char *>(dst);
  const char *s = static_cast<const char *>(src);
  for (size_t i = 0; i < n; i++)
    d[i] = s[i];
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void *dst, int v, size_t n) {
  char *d = static_cast<char *>(dst);
  for (size_t i = 0; i < n; i++)
    d[i] = static_cast<char>(v);
  return cudaSuccess;
}
inline cudaError_t cudaFree(void *) { return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }

// drf_host_input returns its argument through a call drfcheck cannot see
// into: a value the host program computes that the checker must not know.
extern "C" int drf_host_input(int v);

namespace drf {

// kargs holds a launch's arguments, one per parameter, of the parameters'
// types; call calls the kernel with copies of them.
template <class... P> struct kargs;
template <> struct kargs<> {
  template <class F, class... X> void call(F f, X &...x) { f(x...); }
};
template <class H, class... T> struct kargs<H, T...> {
  H h;
  kargs<T...> t;
  template <class F, class... X> void call(F f, X &...x) { t.call(f, x..., h); }
};

// implicit converts as the argument of a call does.
template <class T> inline T implicit(T x) { return x; }

template <class... P> struct make_args;
template <> struct make_args<> {
  static kargs<> of() { return {}; }
  static kargs<> read(void **) { return {}; }
};
template <class H, class... T> struct make_args<H, T...> {
  template <class A, class... As> static kargs<H, T...> of(A &&a, As &&...as) {
    return kargs<H, T...>{implicit<H>(a), make_args<T...>::of(as...)};
  }
  static kargs<H, T...> read(void **args) {
    H h;
    __builtin_memcpy(static_cast<void *>(&h), args[0], sizeof(H));
    return kargs<H, T...>{h, make_args<T...>::read(args + 1)};
  }
};

template <class... P> struct launch_state {
  void (*k)(P...);
  kargs<P...> a;
};
template <class... P> void launch_body(void *p) {
  auto *s = static_cast<launch_state<P...> *>(p);
  s->a.call(s->k);
}

// host_launch runs body over the launch, with the running case's static
// __shared__ layout, warp size and (when dyn is 0) extern __shared__ size.
void host_launch(dim3 grid, dim3 block, size_t dyn, void (*body)(void *), void *args);

// kernel_launch is k<<<grid, block, dyn>>>(a...).
template <class... P, class... A> void kernel_launch(dim3 grid, dim3 block, size_t dyn, void (*k)(P...), A &&...a) {
  static_assert(sizeof...(P) == sizeof...(A), "a launch with as many arguments as parameters");
  launch_state<P...> s{k, make_args<P...>::of(a...)};
  host_launch(grid, block, dyn, &launch_body<P...>, &s);
}

} // namespace drf

template <class... P>
inline cudaError_t cudaLaunchKernel(void (*k)(P...), dim3 grid, dim3 block, void **args, size_t dyn = 0,
                                    cudaStream_t = nullptr) {
  ::drf::launch_state<P...> s{k, ::drf::make_args<P...>::read(args)};
  ::drf::host_launch(grid, block, dyn, &::drf::launch_body<P...>, &s);
  return cudaSuccess;
}
