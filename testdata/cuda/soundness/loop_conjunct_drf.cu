// expect: drf
//--blockDim=64 --gridDim=1
// The same loop: i ends at min(64, tid) = tid, distinct per thread.
__global__ void stop(int *out) {
  int tid = threadIdx.x;
  int i;
  for (i = 0; i < 64 && i < tid; i++)
    ;
  out[i] = 1;
}
