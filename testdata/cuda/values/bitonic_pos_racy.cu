// expect: racy
//--blockDim=16 --gridDim=1
// bitonic_pos_drf.cu with the barrier of each step moved out of the inner
// loop: the steps of one size are no longer separated, and thread 0's pair
// (0, 2) at stride 2 meets thread 1's pair (1, 2) at stride 1.
__global__ void sort(int *d) {
  __shared__ int s[32];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 16] = d[threadIdx.x + 16];
  for (unsigned size = 2; size < 32; size <<= 1) {
    __syncthreads();
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      int a = s[pos]; // want race
      int b = s[pos + stride]; // want race
      if (a > b) {
        s[pos] = b; // want race
        s[pos + stride] = a; // want race
      }
    }
  }
}
