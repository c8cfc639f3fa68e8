// expect: drf
// A scaling kernel, out[i] = 2 * in[i], called in place with the same
// pointer for out and in (through a second variable, and with
// cudaLaunchKernel): the two parameters are one array, and thread i reads
// and writes only its own element a[i], so no two threads touch one
// element. Race-free with the aliasing taken into account.
__global__ void twice(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

int main() {
  int n = 4096;
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  float *b = a;
  void *args[] = {&a, &b, &n};
  cudaLaunchKernel((const void *)twice, dim3(n / 256), dim3(256), args, 0, 0);
  return 0;
}
