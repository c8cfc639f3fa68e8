// expect: drf
//--blockDim=64 --gridDim=1
// A thread reads its neighbour's cell, passes a barrier and reads it
// again: nothing writes s after the first barrier, so both reads see the
// neighbour's id, a == b, and every thread writes its own out[t]. A store
// by another thread between the reads would race with one of them.
__global__ void read_again(int *out) {
  __shared__ int s[65];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int a = s[t + 1];
  __syncthreads();
  int b = s[t + 1];
  if (a == b)
    out[t] = t;
  else
    out[0] = t;
}
