// expect: racy
//--blockDim=64 --gridDim=4
// persistent_block_drf.cu without the barrier at the top of the loop:
// thread 0 takes the next job, writing job, while other threads of its
// block still read the previous one. The threads may then read different
// jobs, so the break is no longer taken alike: unknown at the loop, besides
// the race.
__device__ unsigned counter;
__global__ void persist(const int *data, int *sum, unsigned n) {
  __shared__ unsigned job;
  while (1) { // want unknown
    if (threadIdx.x == 0)
      job = atomicAdd(&counter, 1); // want race
    __syncthreads();
    unsigned j = job; // want race
    if (j >= n)
      break;
    sum[blockIdx.x * 64 + threadIdx.x] += data[j * 64 + threadIdx.x];
  }
}
