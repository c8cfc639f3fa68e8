// expect: drf
// The kernel of host_narrowed_param_racy.cu with w an int: the call passes
// n unchanged, the block is n threads, so w == blockDim.x at every launch
// that runs (a size of 0, negative or beyond 1024 runs nothing). Every
// thread then takes the then branch and writes its own cell a[threadIdx.x]:
// no race. The else branch never runs.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void fill(int *a, int w) {
  if (threadIdx.x < w)
    a[threadIdx.x] = 1;
  else
    a[threadIdx.x - w] = 2;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int *a;
  cudaMalloc(&a, 1024 * sizeof(int));
  fill<<<1, n>>>(a, n);
  return 0;
}
