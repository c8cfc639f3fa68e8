// racy: n = -3 converts to 2^32 - 3; threads 0, 1, 2 write cells 13, 14, 15
// (2^32 = 16 mod 40), as threads 16, 17, 18 do.
// drfcheck -b 40 -p n=-3 neg_to_unsigned_racy.cu
__global__ void neg_to_unsigned(int n, int *out) {
  __shared__ int s[40];
  s[(threadIdx.x + n) % 40u] = threadIdx.x;
}
