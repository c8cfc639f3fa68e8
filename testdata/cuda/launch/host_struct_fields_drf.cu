// expect: drf
// assumes nothing
// The kernel of host_struct_fields_alias_racy.cu with the struct built by
// an initializer of two distinct allocations, then copied: q.out is b and
// q.in is a, never one memory. Each thread writes only q.out[i], q.in is
// only read: no race.
#include <cuda_runtime.h>

struct Pair {
  int *out;
  const int *in;
  int n;
};

__global__ void next(Pair p) {
  int i = threadIdx.x;
  if (i + 1 < p.n)
    p.out[i] = p.in[i + 1];
}

int main() {
  int *a, *b;
  cudaMalloc(&a, 256 * sizeof(int));
  cudaMalloc(&b, 256 * sizeof(int));
  Pair p = {b, a, 256};
  Pair q = p;
  next<<<1, 256>>>(q);
  return 0;
}
