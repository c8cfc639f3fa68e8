// expect: drf
//--blockDim=128 --gridDim=4
// Stream compaction into shared memory with a counter that thread 0 zeroes
// first, as a kernel must (shared memory starts undefined). The barrier
// orders the reset before every atomicAdd of the block, and no store to
// the counter comes after it: the adds count up from 0 and hand each
// thread of the block a slot of its own. The store to count and the adds
// are in different barrier intervals, so they do not race either.
__global__ void compact(const int *in, int *out) {
  __shared__ int count;
  __shared__ int slots[128];
  int t = threadIdx.x;
  if (t == 0)
    count = 0;
  __syncthreads();
  if (in[blockIdx.x * 128 + t] > 0)
    slots[atomicAdd(&count, 1)] = t;
  __syncthreads();
  out[blockIdx.x * 128 + t] = slots[t];
}
