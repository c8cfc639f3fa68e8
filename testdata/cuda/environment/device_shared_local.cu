// expect: tiles_drf=drf, neighbour_racy=racy
//--blockDim=64 --gridDim=2
// CUDA allows __device__ beside __shared__ on a kernel's variable
// ("__shared__, optionally used together with __device__"), as old code
// writes it; clang rejects __device__ on a local. drfcheck reads the
// variable as the __shared__ array it is.

// Each thread writes its own cell, and after the barrier reads its own.
__global__ void tiles_drf(const float *in, float *out) {
  __device__ __shared__ float tile[64];
  tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = 2.0f * tile[threadIdx.x];
}

// No barrier: thread t reads the cell thread t + 1 writes.
__global__ void neighbour_racy(const float *in, float *out) {
  __shared__ __device__ float tile[65];
  tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x]; // want race
  out[blockIdx.x * 64 + threadIdx.x] = tile[threadIdx.x + 1]; // want race
}
