// expect: drf
//--blockDim=64 --gridDim=4
// nvcc reads CUDA as C++17 (its default since CUDA 11), and so does
// drfcheck: copy-initializing a cuda::atomic, which can be neither copied
// nor moved, from a prvalue is C++17's guaranteed copy elision (a C++14
// compiler rejects it). The atomic is a local of each thread; every
// thread then writes its own element of out.
#include <cuda/atomic>

__global__ void elide(int *out, int m, bool cond) {
  const cuda::atomic<int> x = cond ? 0 : m;
  out[blockIdx.x * blockDim.x + threadIdx.x] = x.load();
}
