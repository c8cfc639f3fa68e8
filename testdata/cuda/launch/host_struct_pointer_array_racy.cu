// expect: racy
// assumes nothing
// A struct carrying an array of pointers, read at constant indices: each
// element is a buffer of its own unless the host passes one buffer twice.
// Here c[1] points one int into the buffer of c[0] (a + 1): thread i + 1
// writes c[0][i + 1] = a[i + 1], and thread i writes c[1][i] = a[i + 1]
// too. A write/write race, between neighbours.
#include <cuda_runtime.h>

struct Bufs {
  int *c[2];
};

__global__ void two(Bufs b) {
  unsigned i = threadIdx.x;
  b.c[0][i] = 1; // want race
  b.c[1][i] = 2; // want race
}

int main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  Bufs b;
  b.c[0] = a;
  b.c[1] = a + 1;
  two<<<1, 32>>>(b);
  return 0;
}
