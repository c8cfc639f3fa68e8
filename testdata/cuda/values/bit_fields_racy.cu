// expect: racy
//--blockDim=64 --gridDim=1
// bit_fields_drf.cu with the lane shifted by 2, not 3: the fields overlap
// in bit 2, and thread 1 (lane 1, row 0) and thread 32 (lane 0, row 4)
// both own column 4 (and write their own numbers there: two writes of
// one value would be benign).
__global__ void count(const unsigned *keys, unsigned *out, int n) {
  __shared__ unsigned char table[64 * 64];
  unsigned t = threadIdx.x;
  unsigned lane = t & 7, row = t >> 3;
  unsigned col = (t & ~63u) | (lane << 2) | row;
  for (int i = 0; i < 64; i++)
    table[col + 64 * i] = t; // want race
  __syncthreads();
  for (int i = t; i < n; i += 64) {
    unsigned k = keys[i];
    table[col + 64 * (k & 63)]++; // want race
  }
  __syncthreads();
  out[t] = table[col];
}
