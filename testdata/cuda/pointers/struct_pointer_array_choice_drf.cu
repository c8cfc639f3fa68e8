// expect: drf
//--blockDim=64 --gridDim=1
// A ?: picks one of two buffers of the struct's array of pointers; the
// array itself is only read, so its elements stay buffers of their own.
// Thread t writes element t of the chosen buffer (0 to 63) and element
// t + 64 of buffer 1 (64 to 127): even when the chosen buffer is buffer 1,
// no two threads write one element. Data-race free.
struct bufs {
  int *c[2];
};

__global__ void route(bufs b, int n) {
  int *p = n > 3 ? b.c[1] : b.c[0];
  p[threadIdx.x] = 1;
  b.c[1][threadIdx.x + 64] = 2;
}
