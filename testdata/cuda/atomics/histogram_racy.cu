// expect: racy
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// The same histogram with a plain increment: two threads of a block, or of
// two blocks, may hit the same bin (the bin comes from memory: any value).
__global__ void histogram(unsigned int *bins, const unsigned char *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bins[data[i]]++; // want race
}
