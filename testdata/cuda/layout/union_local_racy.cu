// expect: pun=racy, anon=racy
//--blockDim=32 --gridDim=1
// A union is one storage. pun: u.h[0] = 5 overwrites the low two bytes of
// u.w (x86 and GPUs are little-endian), so u.w is (t & ~0xffff) | 5,
// which is 5 for every thread of the block: all threads write s[5]. A
// model that kept u.w as t would see s[t], one cell per thread.
// anon: the same through an anonymous union inside a struct.
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
  s[u.w % 64] = t; // want race
}

__global__ void anon(int *s) {
  int t = threadIdx.x;
  Tagged x;
  x.tag = 0;
  x.w = t;
  x.h[0] = 5;
  s[x.w % 64] = t; // want race
}
