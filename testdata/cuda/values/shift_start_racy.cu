// expect: racy
//--blockDim=8 --gridDim=1
// shift_start_drf.cu with the barrier moved out of the loops (and 8
// threads sorting 16 keys, to keep the test short): the steps are no
// longer separated. At size 2 (stride 1) thread 1 exchanges s[2] and s[3];
// at size 4 (stride 2) thread 0 has pos = 0 - (0 & 1) = 0 and exchanges
// s[0] and s[2], which thread 1 reads and writes, with no barrier between
// them.
__global__ void sort(int *d) {
  __shared__ int s[16];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 8] = d[threadIdx.x + 8];
  __syncthreads();
  for (int size = 2; size <= 16; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      int a = s[pos], b = s[pos + stride]; // want race
      if (a > b) { s[pos] = b; s[pos + stride] = a; } // want race
    }
  }
}
