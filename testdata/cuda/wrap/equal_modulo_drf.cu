// expect: drf
//--blockDim=64 --gridDim=1
// threadIdx.x * 2^20 stays below 2^32 for 64 threads: only thread 0 has
// i == 0.
__global__ void first(int *out) {
  unsigned i = threadIdx.x * 0x100000u;
  if (i == 0)
    out[0] = threadIdx.x;
}
