// expect: drf
//--blockDim=64 --gridDim=1
// The fix a CUDA developer would make: the offset kept as an integer, 2 for
// odd threads and 1 for even ones, with the index 2 * tid + offset
// (1, 4, 5, 8, ...): distinct.
__global__ void merge(int *out) {
  __shared__ int s[256];
  int tid = threadIdx.x;
  int f = 1;
  if (tid % 2) f = 2;
  s[2 * tid + f] = 0;
}
