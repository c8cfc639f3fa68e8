// expect: racy
// assumes nothing
// The Jacobi sweep of host_double_buffer_drf.cu with the swap written
// wrongly: dst = src instead of through a temporary, so from the second
// step on, src and dst are both a. Thread i writes a[i] and thread i + 1
// reads it (src[(i + 1) - 1]): a read/write race, at the second launch.
#include <cuda_runtime.h>

__global__ void jacobi(float *dst, const float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n)
    dst[i] = 0.5f * (src[i - 1] + src[i + 1]); // want race
}

int main() {
  int n = 1024;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  float *src = a, *dst = b;
  for (int step = 0; step < 100; step++) {
    jacobi<<<n / 256, 256>>>(dst, src, n);
    src = dst;
  }
  return 0;
}
