// expect: racy
//--blockDim=64 --gridDim=1
// The loop overwrites the thread's store with 0 when it runs (n >= 1):
// every thread then writes out[0].
__global__ void own_value_loop(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  for (int i = 0; i < n; i++) s[t] = 0;
  out[s[t]] = t; // want race
}
