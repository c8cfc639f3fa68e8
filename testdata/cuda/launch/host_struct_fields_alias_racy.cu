// expect: racy
// assumes nothing
// The kernel takes its buffers in a struct. main fills both fields with
// the same allocation, so p.in and p.out are one memory: thread i writes
// a[i] and thread i - 1 reads it (p.in[(i - 1) + 1]), a read/write race.
// The fields of a struct argument are followed as the pointers they are.
#include <cuda_runtime.h>

struct Pair {
  int *out;
  const int *in;
  int n;
};

__global__ void next(Pair p) {
  int i = threadIdx.x;
  if (i + 1 < p.n)
    p.out[i] = p.in[i + 1]; // want race
}

int main() {
  int *a;
  cudaMalloc(&a, 256 * sizeof(int));
  Pair p;
  p.out = a;
  p.in = a;
  p.n = 256;
  next<<<1, 256>>>(p);
  return 0;
}
