// expect: racy
//--blockDim=64 --gridDim=1
// Only threads other than 0 write flag before reading it: thread 0's read
// races with their writes.
__global__ void k(int *out) {
  __shared__ int flag;
  if (threadIdx.x > 0)
    flag = 1; // want race
  out[threadIdx.x] = flag; // want race
}
