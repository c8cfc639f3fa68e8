// expect: racy
//--blockDim=[64,1,1] --gridDim=1
// The precondition ties n to the block size given: n is 32 for the 64
// threads, so threads tid and tid + 32 write one cell of t. (With
// n == blockDim.x each thread would have a cell of its own.)
__global__ void fold(int *out, unsigned n) {
  __requires(n == blockDim.x / 2);
  __shared__ int t[64];
  t[threadIdx.x % n] = threadIdx.x; // want race
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}
