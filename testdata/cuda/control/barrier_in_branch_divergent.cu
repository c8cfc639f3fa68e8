// expect: divergent
//--blockDim=64 --gridDim=1
// The textbook barrier divergence: only the first 16 threads reach it.
__global__ void half(int *a) {
  a[threadIdx.x] = 0;
  if (threadIdx.x < 16) { // want divergence
    __syncthreads();
  }
  a[threadIdx.x] = 1;
}
