// expect: drf
//--blockDim=256 --gridDim=[*,1,1]
// A whole .cu file: CUDA headers, host code with the runtime API and a
// <<<>>> launch. Only the kernel is checked.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(void) {
  int n = 1 << 20;
  size_t size = n * sizeof(float);
  float *h = (float *)malloc(size);
  float *a, *b, *c;
  cudaMalloc((void **)&a, size);
  cudaMalloc(&b, size);
  cudaMalloc(&c, size);
  cudaMemcpy(a, h, size, cudaMemcpyHostToDevice);
  vecAdd<<<(n + 255) / 256, 256>>>(a, b, c, n);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    printf("%s\n", cudaGetErrorString(err));
  cudaFree(a);
  free(h);
  return 0;
}
