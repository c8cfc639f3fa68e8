// expect: racy
// assumes nothing
// cudaLaunchKernel takes the kernel's arguments as an array of addresses
// of variables. The array is built for two buffers, then its second
// element is changed to the address of the first: the launch passes a as
// both dst and src. Thread i writes a[i] and thread i + 1 reads a[i]
// (src[(i + 1) - 1]): a read/write race. What the launch passes is what
// the array holds when it runs, not its initializer.
#include <cuda_runtime.h>

__global__ void shift(int *dst, const int *src) {
  unsigned i = threadIdx.x;
  if (i > 0)
    dst[i] = src[i - 1]; // want race
}

int main() {
  int *a, *b;
  cudaMalloc(&a, 128 * sizeof(int));
  cudaMalloc(&b, 128 * sizeof(int));
  void *args[] = {&a, &b};
  args[1] = &a;
  cudaLaunchKernel((const void *)shift, dim3(1), dim3(128), args, 0, 0);
  return 0;
}
