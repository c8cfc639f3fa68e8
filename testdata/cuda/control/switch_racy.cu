// expect: racy
//--blockDim=64 --gridDim=1
// Case 1 falls through into case 2: thread 1 writes a[32] in case 2 as
// thread 2 does.
__global__ void quarters(int *a) {
  int t = threadIdx.x;
  switch (t % 4) {
  case 0:
    a[t / 4] = 0;
    break;
  case 1:
    a[16 + t / 4] = 1;
  case 2:
    a[32 + t / 4] = t; // want race
    break;
  default:
    a[64 + t / 4] = 3;
  }
}
