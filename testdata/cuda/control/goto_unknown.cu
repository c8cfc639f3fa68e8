// expect: unknown
//--blockDim=32 --gridDim=1
// goto is not supported: the verdict is unknown, never data-race free.
__global__ void jump(int *a, int n) {
  int i = 0;
again:
  a[threadIdx.x * 64 + i] = i;
  i++;
  if (i < n)
    goto again; // want unknown
}
