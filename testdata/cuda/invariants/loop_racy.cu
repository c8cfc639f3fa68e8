// expect: racy
//--blockDim=64 --gridDim=1
// As loop_drf.cu, but each thread stores (63 - t) / 2: the invariant says
// so and holds, and threads whose neighbours t + 1 are 2k and 2k + 1 read
// one value and write one cell of out in the same round.
__global__ void rounds(int *out, int n) {
  __shared__ int a[64];
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    a[t] = (63 - t) / 2;
    __barrier_invariant(a[t] == (63 - t) / 2, (t + 1) % 64);
    __syncthreads();
    out[i * 64 + a[(t + 1) % 64]] = t; // want race
    __syncthreads();
  }
}
