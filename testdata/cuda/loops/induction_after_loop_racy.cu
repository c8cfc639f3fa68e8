// expect: racy
//--blockDim=64 --gridDim=1
// induction_after_loop_drf.cu with the loop stopping at i > 0 (3
// iterations) and the write after it one cell further: thread t writes
// t + 3 * blockDim.x + 1 - blockDim.x = t + 2 * blockDim.x + 1, which
// thread t + 1 wrote in its last iteration (k = 2).
__global__ void fill(int *out) {
  unsigned idx = threadIdx.x;
  for (int i = 3; i > 0; i--) {
    out[idx] = i; // want race
    idx += blockDim.x;
  }
  out[idx - blockDim.x + 1] = -1; // want race
}
