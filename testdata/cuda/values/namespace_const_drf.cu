// expect: drf
//--blockDim=64 --gridDim=1
// A const variable of namespace scope is its initializer: nvcc lets device
// code use it only as a constant expression, and no code may write a const
// object. Each thread writes two neighbouring cells of its own pair,
// s[2 * tid] and s[2 * tid + 1], and then a padded cell tid + tid / 16
// (injective: every 16 cells leave one free). Read as memory (any value),
// STRIDE could be 1, and thread 0's s[1] would be thread 1's s[1].
const int STRIDE = 2;
const unsigned int LOG_BANKS = 4;

__global__ void pairs(float *out) {
  __shared__ float s[128];
  __shared__ float padded[68];
  unsigned int tid = threadIdx.x;
  s[tid * STRIDE] = out[tid];
  s[tid * STRIDE + 1] = out[tid + 64];
  padded[tid + (tid >> LOG_BANKS)] = out[tid];
  __syncthreads();
  out[tid] = s[tid] + padded[tid];
}
