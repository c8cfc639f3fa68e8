// racy: the product wraps at 32 bits before the widening: threads 0 and 2 get 0
// (2 * 2^31 = 2^32 = 0), thread 1 gets 2^31 % 48 = 32.
// drfcheck -b 3 widen_wrapped_racy.cu
__global__ void widen_wrapped(int *out) {
  __shared__ int s[48];
  s[(unsigned long long)(threadIdx.x * 2147483648u) % 48u] = threadIdx.x;
}
