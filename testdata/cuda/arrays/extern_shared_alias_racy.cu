// expect: racy
//--blockDim=64 --gridDim=1
// Every extern __shared__ array is the same dynamic shared memory: b[1] is
// a[1]. Thread 0 writes b[1] while thread 1 writes a[1].
__global__ void alias(int *d) {
  extern __shared__ int a[];
  extern __shared__ int b[];
  a[threadIdx.x] = 1;     // want race
  b[threadIdx.x + 1] = 2; // want race
  __syncthreads();
  d[threadIdx.x] = a[threadIdx.x];
}
