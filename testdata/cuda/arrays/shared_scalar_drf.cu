// expect: drf
//--blockDim=32 --gridDim=1
// The usual broadcast: thread 0 writes the shared scalar, everyone reads it
// after the barrier.
__global__ void broadcast(int *out, int n) {
  __shared__ int value;
  if (threadIdx.x == 0)
    value = n * 2;
  __syncthreads();
  out[threadIdx.x] = value;
}
