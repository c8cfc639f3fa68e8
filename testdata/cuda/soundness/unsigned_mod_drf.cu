// expect: drf
//--blockDim=2 --gridDim=1
// With two threads, (unsigned)(tid - 2) % 5u is 4 for thread 0 and 0 for
// thread 1: distinct.
__global__ void rem(int *out) {
  __shared__ int s[5];
  int tid = threadIdx.x;
  s[(unsigned)(tid - 2) % 5u] = tid;
}
