// expect: racy
//--blockDim=64 --gridDim=4
// persistent_block_drf.cu without the barrier at the top of the loop:
// thread 0 takes the next job, writing job, while other threads of its
// block still read the previous one. Through that race the threads may
// read different jobs and take the break differently; drfcheck reports the
// race and takes the values read to be those of runs without it, where
// every thread reads one job.
__device__ unsigned counter;
__global__ void persist(const int *data, int *sum, unsigned n) {
  __shared__ unsigned job;
  while (1) {
    if (threadIdx.x == 0)
      job = atomicAdd(&counter, 1); // want race
    __syncthreads();
    unsigned j = job; // want race
    if (j >= n)
      break;
    sum[blockIdx.x * 64 + threadIdx.x] += data[j * 64 + threadIdx.x];
  }
}
