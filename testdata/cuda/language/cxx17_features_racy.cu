// expect: racy
//--blockDim=64 --gridDim=1
// C++17 constructs in device code (if constexpr, an inline variable, a
// fold expression, copy elision of a cuda::atomic): all compile, and the race is still found: every thread stores into
// s[W - 1] through the else branch of if constexpr (W is not 0).
#include <cuda/atomic>

inline constexpr int W = 8;

struct pair { int a, b; };

template <typename... T> __device__ int sum(T... xs) { return (xs + ... + 0); }

template <int N> __device__ void put(int *s, int t) {
  if constexpr (N == 0) {
    s[t] = t;
  } else {
    s[N - 1] = t; // want race
  }
}

__global__ void features(int *out, int m) {
  __shared__ int s[64];
  const cuda::atomic<int> x = m;
  pair p = {(int)threadIdx.x, 1};
  int a = p.a, b = p.b;
  put<W>(s, a + sum(b, 0) - 1);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + x.load();
}
