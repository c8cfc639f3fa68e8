// expect: racy
//--blockDim=32 --gridDim=1
// A __shared__ scalar is one cell: every thread writes it.
__global__ void last(int *out) {
  __shared__ int who;
  who = threadIdx.x; // want race
  __syncthreads();
  out[threadIdx.x] = who;
}
