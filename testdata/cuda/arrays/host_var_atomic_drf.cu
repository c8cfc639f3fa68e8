// expect: drf
//--blockDim=256 --gridDim=4
// A variable declared without __device__ and used in a kernel: nvcc would
// reject it, clang (checking host code) and GPUVerify take it as a variable
// of the device, one for the whole grid, and so does drfcheck. Every thread
// only adds to it atomically: atomics do not race with each other.
unsigned int hits;

__global__ void count(const int *flags) {
  if (flags[blockIdx.x * blockDim.x + threadIdx.x])
    atomicAdd(&hits, 1u);
}
