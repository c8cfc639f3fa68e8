// expect: unknown
//--blockDim=64 --gridDim=4
// The loop of persistent_block_drf.cu left by a break that thread 0 alone
// may take (its own copy of the job): the threads would then wait at
// different barriers. drfcheck does not model such a break in a loop with
// a barrier and says so at the loop.
__device__ unsigned counter;
__global__ void persist(const int *data, int *sum, unsigned n) {
  __shared__ unsigned job;
  while (1) { // want unknown
    __syncthreads();
    unsigned mine = 0;
    if (threadIdx.x == 0) {
      mine = atomicAdd(&counter, 1);
      job = mine;
    }
    __syncthreads();
    if (threadIdx.x == 0 && mine >= n)
      break;
    sum[blockIdx.x * 64 + threadIdx.x] += data[job * 64 + threadIdx.x];
  }
}
