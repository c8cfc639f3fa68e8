// expect: racy
//--blockDim=64 --gridDim=1
// Every thread writes flag before the loop, and the first iteration's read
// is of that write. From the second iteration on, a read follows the
// barrier, in the interval where thread 0 wrote flag = i + 1 after the
// previous barrier: the other threads' reads race with that write.
// The pair of flag = 0 and the read is reported too: one analysis of the
// body stands for every iteration, and only the first reads flag = 0.
__global__ void k(int *out, int n) {
  __shared__ int flag;
  flag = 0; // want race
  for (int i = 0; i < n; i++) {
    out[threadIdx.x] += flag; // want race
    __syncthreads();
    if (threadIdx.x == 0)
      flag = i + 1; // want race
  }
}
