// expect: drf
//--blockDim=64 --gridDim=1
// The same choice with an index that separates the threads of each array:
// odd t writes a[t / 2], even t writes b[t / 2], distinct within each.
__global__ void choose(int *a, int *b) {
  int tid = threadIdx.x;
  int *p = tid % 2 ? a : b;
  p[tid / 2] = tid;
}
