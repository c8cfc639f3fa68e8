// expect: racy
// assumes nothing
// A stencil, out[i] = in[i + 1], launched with two buffers that the host
// allocates apart and then makes one: after cudaMalloc(&b, ...), the
// program sets b = a, so out and in are the same memory. Thread i writes
// a[i] while thread i - 1 reads a[i] (in[(i - 1) + 1]): a read/write race
// between neighbours of one block. The assignment after cudaMalloc must
// be followed: cudaMalloc(&b) does not make b a pointer drfcheck cannot
// track.
#include <cuda_runtime.h>

__global__ void stencil(float *out, const float *in, int n) {
  int i = threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1]; // want race
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 * sizeof(float));
  cudaMalloc(&b, 64 * sizeof(float));
  b = a; // in place after all
  stencil<<<1, 64>>>(b, a, 64);
  return 0;
}
