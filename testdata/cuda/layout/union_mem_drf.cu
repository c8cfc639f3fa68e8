// expect: views=drf, nested=drf
//--blockDim=32 --gridDim=1
// The fixes of union_mem_racy.cu. views: thread t writes only its own
// u[t], through both members. nested: a barrier orders thread t + 1's write
// of v[t + 1] before thread t reads it, and global memory is read by
// thread t at t only... out[t] is written by thread t alone.
union U {
  int w;
  short h[2];
};

union V {
  struct {
    short lo, hi;
  } p;
  int all;
};

__global__ void views() {
  __shared__ U u[32];
  unsigned t = threadIdx.x;
  u[t].w = 2;
  u[t].h[1] = 1;
}

__global__ void nested(int *out) {
  __shared__ V v[33];
  unsigned t = threadIdx.x;
  v[t].p.hi = 1;
  __syncthreads();
  out[t] = v[t + 1].all;
}
