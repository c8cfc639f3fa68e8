// expect: racy
// The kernel uses blockIdx.x, so any number of blocks is considered
// ([*,1,1] blocks, [*,1,1] grid). Each block writes out[blockIdx.x] from
// every one of its threads: two threads of one block race.
__global__ void perblock(int *out) {
  out[blockIdx.x] = threadIdx.x; // want race
}
