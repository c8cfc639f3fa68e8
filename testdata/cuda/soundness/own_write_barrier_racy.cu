// expect: racy
//--blockDim=64 --gridDim=1
// Every thread writes flag, then a barrier, then thread 0 writes it again
// while the others read it: their reads are not of their own write any
// more (the barrier ends it), and race with thread 0's.
__global__ void k(int *out) {
  __shared__ int flag;
  flag = 1;
  __syncthreads();
  if (threadIdx.x == 0)
    flag = 2; // want race
  out[threadIdx.x] = flag; // want race
}
