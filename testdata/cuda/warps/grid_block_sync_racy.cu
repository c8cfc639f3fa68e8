// expect: racy
//--blockDim=64 --gridDim=4
// The same shift with a block barrier: thread 63 of block 0 reads a[64]
// while thread 0 of block 1 writes it, and __syncthreads() does not order
// threads of different blocks.
__global__ void shift(int *a, int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i + 1 < n ? a[i + 1] : 0; // want race
  __syncthreads();
  if (i < n)
    a[i] = v; // want race
}
