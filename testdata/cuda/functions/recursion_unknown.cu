// expect: unknown
//--blockDim=32 --gridDim=1
// Recursion cannot be inlined: the recursive call is unknown (it could
// access the array it is given).
__device__ void clear(int *a, int n) {
  if (n <= 0)
    return;
  a[n * 32 + threadIdx.x] = 0;
  clear(a, n - 1); // want unknown
}

__global__ void kernel(int *a, int n) {
  clear(a, n);
}
