// expect: racy
//--blockDim=32 --gridDim=1
// An atomic of thread scope is atomic only for the thread that makes it:
// two threads of one block incrementing c[0] through it make plain reads
// and writes of it, a race.
#include <cuda/atomic>
__global__ void count(int *c) {
  cuda::atomic_ref<int, cuda::thread_scope_thread> r(c[0]);
  r.fetch_add(1); // want race
}
