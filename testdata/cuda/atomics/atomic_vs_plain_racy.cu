// expect: racy
//--blockDim=64 --gridDim=1
// Without the first barrier, thread 0's plain write of total races with
// the other threads' atomic updates: atomic and plain accesses do race.
__global__ void count(int *out, const int *in) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = 0; // want race
  if (in[threadIdx.x] > 0)
    atomicAdd(&total, 1); // want race
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = total;
}
