// expect: drf
//--blockDim=64 --gridDim=1
// threadIdx.x * 2^25 < 2^31 for 64 threads: no wrap, and i >> 25 is
// threadIdx.x, one cell per thread.
__global__ void spread(int *out) {
  unsigned i = threadIdx.x * 0x2000000u;
  out[i >> 25] = threadIdx.x;
}
