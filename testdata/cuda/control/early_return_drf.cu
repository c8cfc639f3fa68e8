// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// The bounds check with an early return: the rest of the kernel runs only
// for threads below n, and there is no barrier after it.
__global__ void add(float *c, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i] = a[i] + b[i];
}
