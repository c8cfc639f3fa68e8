// expect: drf
//--blockDim=64 --gridDim=1
// Even threads write the lower half, odd threads the upper half: the
// branches' conditions keep the cells apart.
__global__ void halves(int *a) {
  int t = threadIdx.x;
  if (t % 2 == 0)
    a[t / 2] = t;
  else
    a[32 + t / 2] = t;
}
