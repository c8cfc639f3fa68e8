// expect: racy
//--blockDim=64 --gridDim=1
// A store in a for loop's initial statement runs once, before the first
// iteration: it is not what memory holds at the head of every iteration.
// Each thread counts its own a[t] up from 0, so in the iteration where the
// old count is 1 (the second) every thread writes out[0], each its own
// index: a write/write race. Taking a[t] to be 0 at every head would say
// that x is always 0 and out[0] never written.
__global__ void count(int *out, int n) {
  __shared__ int a[64];
  int t = threadIdx.x;
  int i;
  for (a[t] = 0, i = 0; i < n; i++) {
    int x = a[t];
    a[t] = x + 1;
    if (x == 1)
      out[0] = t; // want race
  }
}
