// expect: racy
//--blockDim=128 --gridDim=1
// t >> 1 maps threads 2k and 2k + 1 to the same cell.
__global__ void pairs(int *out) {
  out[threadIdx.x >> 1] = threadIdx.x; // want race
}
