// expect: racy
//--blockDim=64 --gridDim=1
// Floating point is not modelled, but two unknown values are never taken as
// equal: f is 2 for odd threads and 1 for even ones, so thread 1 computes
// 2 + 1 and thread 2 computes 1 + 2, and both write s[3].
__global__ void merge(int *out) {
  __shared__ int s[256];
  int tid = threadIdx.x;
  float f = 1;
  if (tid % 2) f = 2;
  s[(int)f + tid] = threadIdx.x; // want race
}
