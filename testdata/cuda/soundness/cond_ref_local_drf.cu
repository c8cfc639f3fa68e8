// expect: drf
//--blockDim=64 --gridDim=1
// The same reference to per-thread locals: r sets x or y to tid and the
// other stays 0, so x + y == tid and each thread writes its own element.
// A model that dropped the write through r (x + y == 0) would be wrong
// in the other direction: every thread would write out[0].
__global__ void alias(int *out) {
  int x = 0, y = 0;
  int tid = threadIdx.x;
  int &r = tid % 2 ? x : y;
  r = tid;
  out[x + y] = 1;
}
