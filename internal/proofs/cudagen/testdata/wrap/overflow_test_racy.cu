// racy: x + p < p is C's overflow test; with p = 0xFFFFFFFF it holds for threads 1 and 2.
// Unbounded, x + p >= p always.
// drfcheck -b 3 -p p=4294967295 overflow_test_racy.cu
__global__ void overflow_test(unsigned p, int *out) {
  __shared__ int s[1];
  if (threadIdx.x + p < p)
    s[0] = threadIdx.x;
}
