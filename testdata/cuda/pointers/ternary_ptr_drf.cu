// expect: drf
//--blockDim=32 --gridDim=1
// A pointer chosen by a thread-dependent condition: the access happens in
// a, under the condition, or in b, under its negation. Threads below 16
// write a[t % 16], the others b[t % 16]: one cell per thread.
__global__ void split(int *a, int *b) {
  int t = threadIdx.x;
  int *dst = t < 16 ? a : b;
  dst[t % 16] = t;
}
