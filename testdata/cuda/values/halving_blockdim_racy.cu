// expect: racy
//--blockDim=128 --gridDim=1
// halving_blockdim_drf.cu with the barrier moved out of the loop: the steps
// are no longer separated. In the first step (stride 128) thread 0
// exchanges s[0] and s[128]; in the second (stride 64) thread 64 has
// pos = 128 - (64 & 63) = 128 and exchanges s[128] and s[192]: thread 0
// writes s[128] where thread 64 reads and writes it, with no barrier
// between them.
__global__ void merge(int *d) {
  __shared__ int s[256];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 128] = d[threadIdx.x + 128];
  __syncthreads();
  for (unsigned stride = blockDim.x; stride > 0; stride >>= 1) {
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    int a = s[pos], b = s[pos + stride]; // want race
    if (a > b) { s[pos] = b; s[pos + stride] = a; } // want race
  }
}
