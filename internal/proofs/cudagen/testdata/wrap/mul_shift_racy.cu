// racy: 4 * 2^30 wraps to 0, so threads 0 and 4 (and 1 and 5, ...) write one cell;
// in unbounded integers the indices 0, 4, 8, ..., 28 are distinct.
// drfcheck -b 8 mul_shift_racy.cu
__global__ void mul_shift(int *out) {
  __shared__ int s[16];
  s[(threadIdx.x * 1073741824u) >> 28] = threadIdx.x;
}
