// expect: racy
//--blockDim=256 --gridDim=1
// The atomic's value is read with load() and used as an index: two threads
// may read the same count and write the same element of out, plainly.
#include <cuda/atomic>

__global__ void frontier(cuda::atomic<int> *const count, int *const out) {
  int slot = count->load() % 256;
  out[slot] = threadIdx.x; // want race
}
