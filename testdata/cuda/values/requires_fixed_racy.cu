// expect: racy
//--blockDim=128 --gridDim=1
// As requires_fixed_drf.cu, but the column alone: with w fixed to 64,
// threads 0 and 64 of the block of 128 both write A[0] (i & 63 is 0 for
// both), whatever the replacement of w by 64 does to the query.
__global__ void column(float *A, unsigned w) {
  __requires(w == 64);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  A[i & (w - 1)] = (float)i; // want race w=64
}
