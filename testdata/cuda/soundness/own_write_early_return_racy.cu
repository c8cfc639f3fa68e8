// expect: racy
//--blockDim=64 --gridDim=1
// The write in set() is skipped by thread 0, which returns first: its read
// of flag after the call is not of its own write, and races with the
// other threads' writes (which store 1 over whatever flag held).
__device__ void set(int *flag) {
  if (threadIdx.x == 0)
    return;
  *flag = 1; // want race
}

__global__ void k(int *out) {
  __shared__ int flag;
  set(&flag);
  out[threadIdx.x] = flag; // want race
}
