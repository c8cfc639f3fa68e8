// expect: drf
// assumes: getScratch
// One buffer comes from getScratch, declared here and defined in another
// file: what it returns is not known in this file. The kernel is free of
// races only if it does not overlap a (each thread writes out[i], in is
// only read); drfcheck assumes that it does not, as GPU verifiers do, and
// the report names the call the assumption is about.
#include <cuda_runtime.h>

float *getScratch(int n);

__global__ void copy(float *out, const float *in) {
  unsigned i = threadIdx.x;
  out[i] = in[(i + 1) % 64];
}

int main() {
  float *a;
  cudaMalloc(&a, 64 * sizeof(float));
  float *s = getScratch(64);
  copy<<<1, 64>>>(s, a);
  return 0;
}
