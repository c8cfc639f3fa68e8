// expect: drf
// The vector add launched with a grid that is too small: n / 512 blocks of
// 256 threads cover only half of the n elements. That is a bug, but not a
// data race: each thread still adds its own element a[i], and no two
// threads share one, so drfcheck reports the kernel race-free. The elements
// past gridDim.x * blockDim.x are never computed, which a race checker does
// not look for (the report shows the launch it assumed, with the relation
// gridDim.x == n / 512).
#include <cstdlib>

__global__ void vadd(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  vadd<<<n / 512, 256>>>(a, b, n);
  return 0;
}
