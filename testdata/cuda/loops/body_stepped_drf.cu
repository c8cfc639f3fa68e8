// expect: drf
//--blockDim=256 --gridDim=1
// A loop with no post statement whose counter the body steps twice, each
// time after a barrier (the double buffer of a binomial tree walk):
// k = c - 1, c - 3, ... while k >= c - 32 runs 16 times whatever c is, the
// same for every thread, so the barriers line up. In each iteration,
// b[t] is written between the first and second barriers and read
// (b[t + 1] by thread t) only after the second; a[t] is written after the
// second and read after the next iteration's first.
__global__ void walk(float *out, const float *in, int steps) {
  __shared__ float a[257], b[257];
  int t = threadIdx.x;
  for (int i = steps; i > 0; i -= 32) {
    int c = min(255, i);
    a[t] = in[t];
    for (int k = c - 1; k >= c - 32;) {
      __syncthreads();
      b[t] = 0.5f * (a[t + 1] + a[t]);
      k--;
      __syncthreads();
      a[t] = 0.5f * (b[t + 1] + b[t]);
      k--;
    }
    __syncthreads();
    if (t == 0)
      out[i] = a[0];
    __syncthreads();
  }
}
