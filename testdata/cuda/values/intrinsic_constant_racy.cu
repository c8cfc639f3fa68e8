// expect: racy
//--blockDim=256 --gridDim=4
// As intrinsic_constant_drf.cu, but shifted by __ffs(D) (3, for D == 4)
// instead of __ffs(D) - 1: q == (i * 4) >> 3 == i / 2, so threads 2k and
// 2k + 1 write one cell.
__global__ void divide(int *out, unsigned D) {
  __requires(D == 4);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned q = (i * D) >> __ffs(D);
  out[q] = i; // want race
}
