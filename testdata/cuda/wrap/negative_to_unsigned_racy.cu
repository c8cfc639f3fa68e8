// expect: racy
//--blockDim=64 --gridDim=1
// A negative n converted to unsigned is at least 2^31: every thread passes
// the test and writes out[0].
__global__ void limit(int *out, int n) {
  if (n < 0 && threadIdx.x < (unsigned)n)
    out[0] = threadIdx.x; // want race
}
