// expect: drf
//--blockDim=64 --gridDim=1
// Every thread writes n to the shared bound, then reads it in each
// iteration of a loop without a barrier: every read follows the thread's
// own write of the one value all threads write.
__global__ void k(int *out, int n) {
  __shared__ int bound;
  bound = n;
  for (int i = 0; i < 4; i++)
    out[threadIdx.x * 4 + i] = bound;
}
