// expect: racy
// The block is n threads and the kernel's parameter w is n too, but w is
// an unsigned char: the call converts n modulo 256. For n = 300, w is 44,
// and thread 44 takes the else branch and writes a[44 - 44] = a[0], which
// thread 0 writes in the then branch: a write/write race. Only where n is
// at most 255 is w == blockDim.x, and then each thread writes its own
// cell. So the launch tells blockDim.x == w only for blocks of at most 255
// threads, and a block of 256 or more, with any w, races.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void fill(int *a, unsigned char w) {
  if (threadIdx.x < w)
    a[threadIdx.x] = 1; // want race
  else
    a[threadIdx.x - w] = 2; // want race
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]); // 300, say
  int *a;
  cudaMalloc(&a, 1024 * sizeof(int));
  fill<<<1, n>>>(a, n);
  return 0;
}
