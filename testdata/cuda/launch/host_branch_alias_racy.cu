// expect: racy
// assumes nothing
// Whether the transpose runs in place is decided at run time: with a
// second command-line argument, out is set to in. On that path out and in
// are one matrix, and thread (x, y) writes t[x][y] while thread (y, x)
// reads it (in[y][x] at t[x * 16 + y]): a read/write race. After the
// branch, out may be in or its own allocation, so the two may overlap.
#include <cuda_runtime.h>

__global__ void transpose(float *out, const float *in) {
  unsigned x = threadIdx.x, y = threadIdx.y;
  out[y * 16 + x] = in[x * 16 + y]; // want race
}

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  if (argc > 2)
    out = in;
  transpose<<<1, dim3(16, 16)>>>(out, in);
  return 0;
}
