// expect: drf
//--blockDim=256
// No thread writes sizes during the kernel, so every thread of a block
// reads the same sizes[blockIdx.x]: the loop around the barriers runs the
// same number of times in every thread of the block (no divergence), and
// each iteration's writes and reads of s are separated by barriers.
__global__ void rounds(const int *sizes, int *out) {
  __shared__ int s[256];
  int n = sizes[blockIdx.x];
  for (int i = 0; i < n; i++) {
    s[threadIdx.x] = i;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
    __syncthreads();
  }
}
