// expect: drf
// assumes nothing
// The kernel of host_struct_pointer_array_racy.cu with c[1] pointing 32
// ints into c[0]'s buffer: thread i writes a[i] through c[0] and a[32 + i]
// through c[1]. With 32 threads, i and 32 + i never meet (0 to 31 against
// 32 to 63): one buffer, no race.
#include <cuda_runtime.h>

struct Bufs {
  int *c[2];
};

__global__ void two(Bufs b) {
  unsigned i = threadIdx.x;
  b.c[0][i] = 1;
  b.c[1][i] = 2;
}

int main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  Bufs b;
  b.c[0] = a;
  b.c[1] = a + 32;
  two<<<1, 32>>>(b);
  return 0;
}
