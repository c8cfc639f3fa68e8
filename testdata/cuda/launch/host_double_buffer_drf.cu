// expect: drf
// assumes nothing
// A Jacobi sweep with two buffers swapped after each step: at every
// launch dst and src are the two allocations, one each, never the same.
// Each thread writes dst[i] and reads src, which nobody writes during the
// launch: no race at any step. (Joined into one environment, src and dst
// would each be "a or b" and might seem to meet; the loop's head is
// walked with each of its two environments.)
#include <cuda_runtime.h>

__global__ void jacobi(float *dst, const float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n)
    dst[i] = 0.5f * (src[i - 1] + src[i + 1]);
}

int main() {
  int n = 1024;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  float *src = a, *dst = b;
  for (int step = 0; step < 100; step++) {
    jacobi<<<n / 256, 256>>>(dst, src, n);
    float *t = src;
    src = dst;
    dst = t;
  }
  return 0;
}
