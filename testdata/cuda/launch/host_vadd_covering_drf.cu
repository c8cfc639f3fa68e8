// expect: vadd<float>=drf, unused=racy
// No flags and no header: the launch comes from main. vadd<float> is
// launched with (n + 255) / 256 blocks of 256 threads, n read from the
// command line, so the grid covers n (gridDim.x == (n + 255) / 256). Each
// thread i = blockIdx.x * 256 + threadIdx.x adds its own element: no two
// threads of the grid touch the same a[i], whatever n is.
// The kernel "unused" is never launched here, so it gets the default launch
// (blocks and grids of any size in x) and the report says so: every thread
// of a block writes out[blockIdx.x], a race between two threads of a block.
#include <cstdlib>

template <typename T>
__global__ void vadd(T *a, const T *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] + b[i];
}

__global__ void unused(int *out) {
  out[blockIdx.x] = threadIdx.x; // want race
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  const int threads = 256;
  int blocks = (n + threads - 1) / threads;
  vadd<<<blocks, threads>>>(a, b, n);
  cudaDeviceSynchronize();
  return 0;
}
