// expect: broadcast_drf=drf, broadcast_index_drf=drf
//--blockDim=32 --gridDim=1
// A reduction whose loop ends at a barrier and runs at least once (16 >
// 0): after the loop no thread writes s, so every thread reads the same
// s[0] there. The last iteration's barrier is passed and the loop left by
// every thread alike; the next iteration, whose stores would come before
// any barrier, never runs.

// Every thread writes the sum it read: one value, a benign pair.
__global__ void broadcast_drf(const int *in, int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 16; i > 0; i /= 2) {
    if (threadIdx.x < i)
      s[threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
  }
  out[0] = s[0];
}

// The value read after the loop, one for the block, picks one thread to
// write: at most one does.
__global__ void broadcast_index_drf(const int *in, int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 16; i > 0; i /= 2) {
    if (threadIdx.x < i)
      s[threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == (s[0] & 31))
    out[0] = threadIdx.x;
}
