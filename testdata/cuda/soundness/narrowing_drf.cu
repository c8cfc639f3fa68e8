// expect: drf
//--blockDim=256 --gridDim=1
// With 256 threads, (unsigned char)tid is tid: distinct.
__global__ void bytes(int *out) {
  out[(unsigned char)threadIdx.x] = 1;
}
