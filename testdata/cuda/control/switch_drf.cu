// expect: drf
//--blockDim=64 --gridDim=1
// A switch on the thread's position in a group of four, with a fall-through
// and a default: each case writes a cell of its own quarter.
__global__ void quarters(int *a) {
  int t = threadIdx.x;
  switch (t % 4) {
  case 0:
    a[t / 4] = 0;
    break;
  case 1:
    a[16 + t / 4] = 1;
    // fall through
  case 2:
    a[32 + t / 4 + (t % 4 == 1 ? 16 : 0)] = 2;
    break;
  default:
    a[64 + t / 4] = 3;
  }
}
