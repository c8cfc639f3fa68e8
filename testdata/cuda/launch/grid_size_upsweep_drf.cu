// expect: drf
//--blockDim=[32,1,1] --gridDim=[64,1,1]
// The up-sweep of a work-efficient scan over the grid's partial sums (one
// per block, 64 of them), run by each block's 32 threads: with the grid
// given, gridDim.x is 64, so the halving loop runs d = 32, 16, ..., 1
// while offset doubles beside it, and at level k the threads below d
// write t[2^(k+1) * (tid + 1) - 1], distinct cells, and read
// t[2^(k+1) * tid + 2^k - 1], which no thread writes at that level (an odd
// multiple of 2^k, minus one, against a multiple of 2^(k+1), minus one).
// With gridDim.x of any size, the loop has no table of values and offset
// is any value beside d.
__global__ void upsweep(float *sums, const float *partial) {
  __shared__ float t[64];
  int tid = threadIdx.x;
  t[2 * tid] = partial[2 * tid];
  t[2 * tid + 1] = partial[2 * tid + 1];
  int offset = 1;
  for (int d = gridDim.x >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      t[bi] += t[ai];
    }
    offset *= 2;
  }
  __syncthreads();
  if (tid == 0) {
    sums[blockIdx.x] = t[63];
  }
}
