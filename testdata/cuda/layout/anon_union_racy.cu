// expect: racy
//--blockDim=32 --gridDim=1
// An anonymous union inside a struct in shared memory: f and i are the
// same four bytes 4 to 7 of each Cell. Thread t writes c[t].f and reads
// c[t + 1].i, the bytes thread t + 1 writes, with no barrier between.
// tag (bytes 0 to 3) is not touched.
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
  c[t].f = 1.0f;           // want race
  out[t] = c[t + 1].i;     // want race
}
