// expect: drf
//--blockDim=32 --gridDim=1
// (lane - 1) & 31 over lanes 0..31 is 31, 0, 1, ..., 30: a permutation.
__global__ void rotate(int *out) {
  __shared__ int s[64];
  unsigned lane = threadIdx.x;
  s[(lane - 1) & 31] = 1;
}
