// race-free: the product is computed in 64 bits, no wrap: 0, 32, 16.
// drfcheck -b 3 widen_64_drf.cu
__global__ void widen_64(int *out) {
  __shared__ int s[48];
  s[(unsigned long long)threadIdx.x * 2147483648u % 48u] = threadIdx.x;
}
