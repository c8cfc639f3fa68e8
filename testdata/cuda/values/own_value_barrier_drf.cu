// expect: drf
//--blockDim=64 --gridDim=1
// A thread reads back its own store of the interval before the barrier:
// another thread's store to s[t] would race with the store or with the
// read, so x is t + 64 and the threads write distinct cells.
__global__ void own_value_barrier(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t + 64;
  __syncthreads();
  int x = s[t];
  out[x] = t;
}
