// expect: racy
//--blockDim=64 --gridDim=4
// A loop that strides by the block size instead of the grid's, with a
// size_t index compared with an int n: thread 0 of block 0 in
// its second iteration and thread 0 of block 1 in its first both write
// out[64] (n > 64), with 0 and 64.
__global__ void stride(int *out, int n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    out[i] = (int)(blockIdx.x * blockDim.x + threadIdx.x); // want race
}
