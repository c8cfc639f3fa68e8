// expect: checked_size=drf, before=racy, after=drf, trapped=drf
//--blockDim=64 --gridDim=1
// A failed assert (or __trap()) stops the kernel: the thread runs nothing
// after it. What it did before stays: in `before`, every thread writes
// a[0] and only then fails the assert (a race all the same); in `after`,
// only thread 0 gets past the assert to write a[0].
#include <cassert>

__global__ void checked_size(int *a, int n) {
  __shared__ int s[64];
  assert(n == 64);
  s[threadIdx.x] = n;
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void before(int *a) {
  a[0] = threadIdx.x; // want race
  assert(threadIdx.x == 0);
}

__global__ void after(int *a) {
  assert(threadIdx.x == 0);
  a[0] = threadIdx.x;
}

__global__ void trapped(int *a) {
  if (threadIdx.x != 5)
    __trap();
  a[0] = threadIdx.x;
}
