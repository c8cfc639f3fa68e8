// expect: drf
//--blockDim=64 --gridDim=1
// A butterfly exchange: each thread writes its own cell, and after the
// barrier reads its partner's, t ^ 1 (an uninterpreted function: the reads
// cannot race with anything across the barrier).
__global__ void exchange(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
