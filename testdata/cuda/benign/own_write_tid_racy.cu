// expect: racy
//--blockDim=64 --gridDim=1
// As own_write_uniform_drf.cu, but each thread writes its own index: the
// writes race, and so thread 0's read may see thread 1's value. The race
// is reported on the writes.
__global__ void k(int *out) {
  __shared__ int last;
  last = threadIdx.x; // want race
  out[threadIdx.x] = last;
}
