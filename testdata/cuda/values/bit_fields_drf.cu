// expect: drf
//--blockDim=64 --gridDim=1
// Each thread counts 8-bit keys into its own column of a shared table,
// placed by bit fields: thread t = 8 * row + lane owns column
// (lane << 3) | row, the transpose of t in an 8x8 square, and t & ~63 is 0
// in a block of 64 threads. The fields share no bit, so | and ^ are sums
// and the columns are 64 distinct cells of each row of the table; a key
// picks the row (key & 63, times 64). The final pass reads, across the
// barrier, each column back with ^ joining the same fields.
__global__ void count(const unsigned *keys, unsigned *out, int n) {
  __shared__ unsigned char table[64 * 64];
  unsigned t = threadIdx.x;
  unsigned lane = t & 7, row = t >> 3;
  unsigned col = (t & ~63u) | (lane << 3) | row;
  for (int i = 0; i < 64; i++)
    table[col + 64 * i] = 0;
  __syncthreads();
  for (int i = t; i < n; i += 64) {
    unsigned k = keys[i];
    table[col + 64 * (k & 63)]++;
    table[col + 64 * ((k >> 8) & 63)]++;
  }
  __syncthreads();
  unsigned sum = 0;
  for (int i = 0; i < 64; i++)
    sum += table[((lane << 3) ^ row) + 64 * i];
  out[t] = sum;
}
