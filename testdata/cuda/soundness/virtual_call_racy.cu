// expect: racy
//--blockDim=64 --gridDim=1
// b->idx may dispatch to Der::idx, which returns 0 for every thread: the
// call is not resolved to the base body (which would give distinct
// indices) but reported unknown, and the index it returns is any value.
struct Base { __device__ virtual int idx(int t) { return t; } };
struct Der : Base { __device__ int idx(int t) override { return 0; } };
__device__ void put(Base *b, int *out) {
  int i = b->idx(threadIdx.x); // want unknown
  out[i] = threadIdx.x;                  // want race
}
__global__ void dispatch(int *out) {
  Der d;
  put(&d, out);
}
