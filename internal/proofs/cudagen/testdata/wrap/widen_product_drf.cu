// race-free (a false alarm of drfcheck at 5435500): (2x + i) * (2^32 - 6) wraps
// at 32 bits before the widening; the threads write cells {0}, {13, 7}, {1, 14},
// {8, 2} of 19 (2^32 = 6 mod 19). Unbounded, thread 1 at i = 0 gets
// (2^33 - 12) % 19 = 0, thread 0's cell.
// drfcheck -b 4 widen_product_drf.cu
__global__ void widen_product(int *out) {
  __shared__ int wrap11[19];
  for (unsigned i = 0u; i < 2u; i++) {
    wrap11[(unsigned long long)((threadIdx.x * 2u + i) * 4294967290u) % 19u] = threadIdx.x;
  }
}
