// expect: drf
// assumes nothing
// The stencil of host_reassigned_alias_racy.cu with its two buffers kept
// apart: a and b come from two cudaMalloc calls and neither is assigned
// again, so out and in are distinct memory (which the host code shows:
// nothing is assumed). Each thread writes only out[i], and reads only in,
// which no thread writes: no race.
#include <cuda_runtime.h>

__global__ void stencil(float *out, const float *in, int n) {
  int i = threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 * sizeof(float));
  cudaMalloc(&b, 64 * sizeof(float));
  float *src = a; // copies that keep them apart
  float *dst = b;
  stencil<<<1, 64>>>(dst, src, 64);
  return 0;
}
