// expect: drf
//--blockDim=64 --gridDim=4
// A persistent block: thread 0 takes the next job from a global counter,
// the block waits for it, and every thread leaves the loop alike when the
// jobs run out (a break under a condition every thread of the block
// evaluates alike: job is one value per block in the interval where it is
// read). The first barrier keeps thread 0's next write of job after every
// thread's read of this one; each thread adds to its own cell of sum.
__device__ unsigned counter;
__global__ void persist(const int *data, int *sum, unsigned n) {
  __shared__ unsigned job;
  while (1) {
    __syncthreads();
    if (threadIdx.x == 0)
      job = atomicAdd(&counter, 1);
    __syncthreads();
    unsigned j = job;
    if (j >= n)
      break;
    sum[blockIdx.x * 64 + threadIdx.x] += data[j * 64 + threadIdx.x];
  }
}
