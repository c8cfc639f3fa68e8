// expect: drf
// assumes nothing
// The wrapper of host_wrapper_alias_racy.cu, called with the two buffers
// in both orders: each launch passes two distinct allocations, so x and y
// never overlap, and each thread writes only x[i] while y is only read.
// No race at either call.
#include <cuda_runtime.h>

__global__ void axpy(float *x, const float *y, float s) {
  unsigned i = threadIdx.x;
  x[i] = s * (i > 0 ? y[i - 1] : 0.0f);
}

void run(float *x, const float *y) {
  axpy<<<1, 32>>>(x, y, 2.0f);
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 32 * sizeof(float));
  cudaMalloc(&b, 32 * sizeof(float));
  run(a, b);
  run(b, a);
  return 0;
}
