// race-free: (x + 0xFFFFFFFF) & 63 is (x - 1) mod 64, distinct for 64 threads,
// with or without wrap-around (64 divides 2^32).
// drfcheck -b 64 -p p=4294967295 mask_drf.cu
__global__ void mask(unsigned p, int *out) {
  __shared__ int s[64];
  s[(threadIdx.x + p) & 63u] = threadIdx.x;
}
