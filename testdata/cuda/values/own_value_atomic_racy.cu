// expect: racy
//--blockDim=64 --gridDim=1
// An atomic replaces the thread's store: every thread reads 0 back and
// writes out[0].
__global__ void own_value_atomic(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  atomicExch(&s[t], 0);
  out[s[t]] = t; // want race
}
