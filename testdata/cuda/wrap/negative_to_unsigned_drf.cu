// expect: drf
//--blockDim=64 --gridDim=1
// (unsigned)n for a negative n is at least 2^31, above every thread
// index: no thread passes the test.
__global__ void limit(int *out, int n) {
  if (n < 0 && threadIdx.x > (unsigned)n)
    out[0] = threadIdx.x;
}
