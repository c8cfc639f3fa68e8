// expect: drf
//--blockDim=32 --gridDim=1
// max(t, 0) is t and min(t, 31) is t for t < 32: one cell per thread.
__global__ void clamp(int *out, int *out2) {
  out[max((int)threadIdx.x, 0)] = 1;
  out2[min(threadIdx.x, 31u)] = 2;
}
