// expect: drf
//--blockDim=32 --gridDim=1
// The fix of anon_union_racy.cu: thread t reads the tag of c[t + 1], bytes
// 0 to 3, which no thread writes after the barrier, and the union's bytes
// are read only after the barrier that orders their writes.
struct Cell {
  int tag;
  union {
    float f;
    int i;
  };
};

__global__ void k(int *out) {
  __shared__ Cell c[33];
  unsigned t = threadIdx.x;
  c[t].f = 1.0f;
  c[t].tag = 0;
  __syncthreads();
  out[t] = c[t + 1].i + c[t + 1].tag;
}
