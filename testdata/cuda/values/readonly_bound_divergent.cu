// expect: divergent
//--blockDim=256 --gridDim=1
// The bound is read at the thread's own index: threads may read different
// sizes and leave the loop at different iterations, so some reach the
// barrier that others never reach.
__global__ void rounds(const int *sizes, int *out) {
  int n = sizes[threadIdx.x];
  for (int i = 0; i < n; i++) { // want divergence
    out[threadIdx.x] = i;
    __syncthreads();
  }
}
