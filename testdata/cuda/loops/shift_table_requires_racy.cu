// expect: racy
//--blockDim=32 --gridDim=1
// shift_table_requires_drf.cu with the barrier hoisted out of the loop:
// consecutive iterations (stride 32, then 16) are in one barrier interval:
// thread 16 writes s[16] at stride 32 (pos = 16) and thread 0 reads it at
// stride 16 (pos + stride = 0 + 16). The exact table of the stride does
// not merge the iterations, so the races are found.
__global__ void merge64(unsigned *keys, unsigned n, unsigned dir) {
  __requires(n == 64);
  __shared__ unsigned s[64];
  s[threadIdx.x] = keys[threadIdx.x];
  s[threadIdx.x + 32] = keys[threadIdx.x + 32];
  __syncthreads();
  for (unsigned stride = n / 2; stride > 0; stride >>= 1) {
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    unsigned a = s[pos]; // want race
    unsigned b = s[pos + stride]; // want race
    if ((a > b) == dir) {
      s[pos] = b; // want race
      s[pos + stride] = a; // want race
    }
  }
  __syncthreads();
  keys[threadIdx.x] = s[threadIdx.x];
  keys[threadIdx.x + 32] = s[threadIdx.x + 32];
}
