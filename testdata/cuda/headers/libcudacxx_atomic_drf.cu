// expect: drf
//--blockDim=256 --gridDim=[*,1,1]
// cuda::atomic<int> passed by pointer, as graph kernels count their
// frontier: the fetch_add and the ++ are atomics of the atomic's one field
// (an instance of libcu++'s class template, whose layout is known), which
// do not race with each other; each thread writes its own out[v].
#include <cuda/atomic>

__global__ void frontier(cuda::atomic<int> *const count, int *const out, const int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    if (out[v] > 0)
      count->fetch_add(1, cuda::memory_order_relaxed);
    out[v] = (*count)++;
  }
}
