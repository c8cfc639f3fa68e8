// expect: racy
//--blockDim=64 --gridDim=1
// In the second iteration each thread reads back the a + 1 it stored in
// the first (no barrier between): b != a, and every thread writes out[0].
// A loop's own stores may come before its loads in the same interval.
__global__ void interval_loop_store(int *out, const int *in) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int a = s[t];
  for (int i = 0; i < 2; i++) {
    int b = s[t];
    if (i == 1 && b != a)
      out[0] = t; // want race
    s[t] = a + 1;
  }
}
