// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// Loops counting down, by one and by three, without barriers: thread t
// writes out[i * blockDim.x + t], one cell per (thread, i).
__global__ void down(float *out, int n) {
  for (int i = n - 1; i >= 0; i--)
    out[i * blockDim.x + threadIdx.x] = 1.0f;
  for (int i = n; i > 0; i -= 3)
    out[(n + i) * blockDim.x + threadIdx.x] = 2.0f;
}
