// expect: drf
//--blockDim=64 --gridDim=1
// One dynamic shared buffer of bytes carved into a float array of
// blockDim.x elements followed by an int array: the casts are followed with
// byte offsets. Thread t writes bytes [4t, 4t+4) of the floats and
// [4T + 4t, 4T + 4t + 4) of the ints (T = blockDim.x): all disjoint.
__global__ void carve(float *out) {
  extern __shared__ char smem[];
  float *f = (float *)smem;
  int *counts = (int *)&f[blockDim.x];
  f[threadIdx.x] = 1.0f;
  counts[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = f[threadIdx.x] + counts[blockDim.x - 1 - threadIdx.x];
}
