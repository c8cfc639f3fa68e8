// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// Loops counting down, by one and by three, without barriers: thread t
// writes out[i * blockDim.x + t], one cell per (thread, i). That index is
// unsigned (blockDim.x is) and would wrap around 2^32 for n * blockDim.x
// beyond 2^32, where two (thread, i) would meet: the precondition rules
// that out, as the size of out does.
__global__ void down(float *out, int n) {
  __requires(n <= 1 << 20);
  for (int i = n - 1; i >= 0; i--)
    out[i * blockDim.x + threadIdx.x] = 1.0f;
  for (int i = n; i > 0; i -= 3)
    out[(n + i) * blockDim.x + threadIdx.x] = 2.0f;
}
