// expect: uses_broken=unknown, fine=racy
//--blockDim=64 --gridDim=1
// clang rejects parts of this file (a header that is not there, host code
// that uses what it would declare, one kernel and the device function it
// calls), and the rest is still checked, the way a run over a whole
// repository should go on.
#include "project_config.h"

__device__ int scaled(int x) { return x * SCALE; } // want unknown

// uses scaled, whose body does not compile: unknown at the error
__global__ void uses_broken(int *a) {
  a[threadIdx.x] = scaled(threadIdx.x);
}

// untouched by the errors: checked, and racy (every thread writes a[0]
// with its own index)
__global__ void fine(int *a) {
  a[0] = threadIdx.x; // want race
}

int main() {
  int *d;
  CHECK(cudaMalloc(&d, 256));
  fine<<<1, 64>>>(d);
  return 0;
}
