// expect: drf
//--blockDim=64 --gridDim=1
// Dynamic shared memory: reversing a block through an extern array.
__global__ void reverse(int *d) {
  extern __shared__ int s[];
  int t = threadIdx.x;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[blockDim.x - 1 - t];
}
