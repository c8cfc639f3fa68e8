// racy: threadIdx.x * 2^31 is 0 modulo 2^32 for every even thread (0 and 2 here),
// not only for thread 0.
// drfcheck -b 4 guard_zero_racy.cu
__global__ void guard_zero(int *out) {
  __shared__ int s[1];
  if (threadIdx.x * 2147483648u == 0u)
    s[0] = threadIdx.x;
}
