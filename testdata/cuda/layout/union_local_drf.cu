// expect: pun=drf, anon=drf
//--blockDim=32 --gridDim=1
// The fixes of union_local_racy.cu: the index is the thread's own t, and
// the union only carries the value written. s[t] is one cell per thread.
union U {
  int w;
  short h[2];
};

struct Tagged {
  int tag;
  union {
    int w;
    short h[2];
  };
};

__global__ void pun(int *s) {
  int t = threadIdx.x;
  U u;
  u.w = t;
  u.h[0] = 5;
  s[t] = u.w;
}

__global__ void anon(int *s) {
  int t = threadIdx.x;
  Tagged x;
  x.w = t;
  x.h[0] = 5;
  s[t] = x.w + x.tag;
}
