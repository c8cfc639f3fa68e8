// expect: drf
//--blockDim=64 --gridDim=1
// The same assignment made by threads 0 and 1 only: thread 1 writes x and
// thread 0 writes y, one writer each.
__global__ void pick(int *out) {
  __shared__ int x;
  __shared__ int y;
  int tid = threadIdx.x;
  if (tid < 2)
    (tid % 2 ? x : y) = tid;
}
