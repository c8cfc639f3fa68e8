// expect: drf
// assumes nothing
// The shift of host_args_array_changed_racy.cu launched through an
// argument array whose elements are changed after its initializer, but
// to distinct buffers: args[0] = &c makes dst the third allocation, and
// src stays b. Three cudaMalloc calls, none assigned again: dst and src
// are distinct memory, each thread writes only dst[i], and nobody writes
// src. No race.
#include <cuda_runtime.h>

__global__ void shift(int *dst, const int *src) {
  unsigned i = threadIdx.x;
  if (i > 0)
    dst[i] = src[i - 1];
}

int main() {
  int *a, *b, *c;
  cudaMalloc(&a, 128 * sizeof(int));
  cudaMalloc(&b, 128 * sizeof(int));
  cudaMalloc(&c, 128 * sizeof(int));
  void *args[] = {&a, &b};
  args[0] = &c;
  cudaLaunchKernel((const void *)shift, dim3(1), dim3(128), args, 0, 0);
  return 0;
}
