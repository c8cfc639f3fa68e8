// expect: racy
//--blockDim=64 --gridDim=1
// The int array starts one float too early: thread T-1's float (bytes
// [4T-4, 4T)) is thread 0's int.
__global__ void carve(float *out) {
  extern __shared__ char smem[];
  float *f = (float *)smem;
  int *counts = (int *)&f[blockDim.x - 1];
  f[threadIdx.x] = 1.0f;   // want race
  counts[threadIdx.x] = 2; // want race
  __syncthreads();
  out[threadIdx.x] = f[threadIdx.x] + counts[threadIdx.x];
}
