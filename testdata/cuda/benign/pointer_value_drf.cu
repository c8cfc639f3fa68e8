// expect: drf
//--blockDim=64 --gridDim=1
// Every thread stores the address of the same shared buffer in a shared
// pointer and reads it back: the stores write one value (benign), and
// each thread's read of the pointer follows its own store.
__global__ void k(float *out) {
  __shared__ float buf[64];
  __shared__ float *p;
  p = buf;
  out[threadIdx.x] = p == buf ? 1.0f : 0.0f;
}
