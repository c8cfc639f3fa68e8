// expect: clamp_swap=drf, neighbours=racy, count=drf
//--blockDim=64 --gridDim=1
// libcu++: cuda::std's utilities are inlined. In clamp_swap each thread
// reads its own pair, orders it with cuda::std::swap and writes it back,
// clamped: data-race free. In neighbours thread t writes a[t] and reads
// a[cuda::std::min(t + 1, 63)], which thread t + 1 writes: a race. In count
// the atomics of cuda::atomic_ref are CUDA's atomic built-ins: atomic_ref
// is an instance of a class template whose constructor hands the
// reference to its base class's, which keeps its address; every thread's
// update of *counter is atomic, so count is data-race free.
#include <cuda/atomic>
#include <cuda/std/algorithm>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/utility>

__global__ void clamp_swap(int2 *pairs) {
  int2 p = pairs[threadIdx.x];
  int lo = p.x, hi = p.y;
  if (hi < lo)
    cuda::std::swap(lo, hi);
  int cap = cuda::std::numeric_limits<cuda::std::int32_t>::max() / 2;
  pairs[threadIdx.x] = make_int2(cuda::std::max(lo, 0), cuda::std::min(hi, cap));
}

__global__ void neighbours(int *a) {
  int t = threadIdx.x;
  a[t] = t;                             // want race
  int v = a[cuda::std::min(t + 1, 63)]; // want race
  a[t] += v;                            // want race
}

__global__ void count(unsigned int *counter, const int *flags) {
  if (flags[threadIdx.x]) {
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> c(*counter);
    c.fetch_add(1, cuda::memory_order_relaxed);
  }
}
