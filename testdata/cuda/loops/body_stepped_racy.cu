// expect: racy
//--blockDim=256 --gridDim=1
// body_stepped_drf.cu without the barrier between the two halves of an
// iteration: thread t + 1 writes b[t + 1] while thread t reads it, and
// thread t writes a[t] while thread t - 1 reads a[t] (its a[t + 1]) in the
// same interval.
__global__ void walk(float *out, const float *in, int steps) {
  __shared__ float a[257], b[257];
  int t = threadIdx.x;
  for (int i = steps; i > 0; i -= 32) {
    int c = min(255, i);
    a[t] = in[t];
    for (int k = c - 1; k >= c - 32;) {
      __syncthreads();
      b[t] = 0.5f * (a[t + 1] + a[t]); // want race
      k--;
      a[t] = 0.5f * (b[t + 1] + b[t]); // want race
      k--;
    }
    __syncthreads();
    if (t == 0)
      out[i] = a[0];
    __syncthreads();
  }
}
