// expect: racy
//--blockDim=64 --gridDim=1
// A legacy shuffle's result is a value of another lane, which drfcheck
// does not compute: used as an index, two threads may write one element
// (all lanes shuffling from lane 0 get lane 0's value, in truth).
__global__ void broadcast_index(int *out) {
  __shared__ int s[64];
  int idx = __shfl((int)threadIdx.x, 0);
  s[idx % 64] = threadIdx.x; // want race
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
