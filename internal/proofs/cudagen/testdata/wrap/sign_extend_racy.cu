// racy: (int)threadIdx.x + n is negative for threads 0..2 (n = -3) and sign-extends to
// 2^64 - 3 + x; 2^64 = 16 (mod 40), so threads 0, 1, 2 write cells 13, 14, 15, as 16, 17, 18.
// drfcheck -b 40 -p n=-3 sign_extend_racy.cu
__global__ void sign_extend(int n, int *out) {
  __shared__ int s[40];
  s[(unsigned long long)((int)threadIdx.x + n) % 40u] = threadIdx.x;
}
