// expect: racy
//--blockDim=32 --gridDim=1
// alignas(8) on the field x puts it at byte 8 of F (not 4), and F is 16
// bytes: s[t].x is at byte 16t + 8, the int w[4t + 2]. Thread t writes
// s[t].x and w[4t + 6], which is byte 16(t + 1) + 8: s[t + 1].x, the field
// thread t + 1 writes. Threads 0 and 1 race (for t < 31). Laid out without
// the alignment (x at 4, F of 8 bytes), s[t].x would be w[2t + 1], always
// odd, never w[4t + 6].
struct F {
  char c;
  alignas(8) int x;
};

__global__ void k() {
  __shared__ F s[33];
  int *w = (int *)s;
  unsigned t = threadIdx.x;
  s[t].x = 1;     // want race
  w[4 * t + 6] = 2; // want race
}
