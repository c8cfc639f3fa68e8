// expect: views=racy, nested=racy
//--blockDim=32 --gridDim=1
// Every member of a union starts at its byte 0. views: u[0].w is bytes 0
// to 3 of u, u[0].h[1] bytes 2 and 3: thread 0 and thread 1 write the same
// two bytes. nested: a union of a struct and an int; thread t writes the
// high half (bytes 2, 3) of its own v[t] and reads all four bytes of
// v[t + 1], which thread t + 1 writes, with no barrier.
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
  if (threadIdx.x == 0)
    u[0].h[1] = 1; // want race
  else if (threadIdx.x == 1)
    u[0].w = 2; // want race
}

__global__ void nested(int *out) {
  __shared__ V v[33];
  unsigned t = threadIdx.x;
  v[t].p.hi = 1;             // want race
  out[t] = v[t + 1].all; // want race
}
