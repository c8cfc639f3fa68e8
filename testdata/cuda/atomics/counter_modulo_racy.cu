// expect: racy
//--blockDim=64 --gridDim=1
// The counter hands out distinct values, but slot % 4 maps four of them to
// one cell: threads that get 0 and 4 both write out[0].
__global__ void compact(int *out, int *count) {
  int slot = atomicAdd(count, 1);
  out[slot % 4] = threadIdx.x; // want race
}
