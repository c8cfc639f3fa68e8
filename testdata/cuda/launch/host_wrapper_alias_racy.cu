// expect: racy
// assumes nothing
// The launch is in a host wrapper, run(x, y), and main calls it twice:
// once with two buffers, once with the same buffer for both. The second
// call launches axpy with y == x, where thread i writes x[i] and thread
// i + 1 reads x[i] (y[(i + 1) - 1]): a read/write race. The wrapper's
// parameters are bound to each call's arguments, so the two calls are two
// launches, one of them in place.
#include <cuda_runtime.h>

__global__ void axpy(float *x, const float *y, float s) {
  unsigned i = threadIdx.x;
  x[i] = s * (i > 0 ? y[i - 1] : 0.0f); // want race
}

void run(float *x, const float *y) {
  axpy<<<1, 32>>>(x, y, 2.0f);
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 32 * sizeof(float));
  cudaMalloc(&b, 32 * sizeof(float));
  run(a, b);
  run(a, a);
  return 0;
}
