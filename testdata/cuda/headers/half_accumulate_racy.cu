// expect: racy
//--blockDim=64 --gridDim=1
// acc[0] += h is acc[0] = __hadd(acc[0], h): every thread reads and writes
// acc[0] without an atomic, a race (read/write and write/write).
#include <cuda_fp16.h>
__global__ void total(__half *acc, const __half *in) {
  acc[0] += in[threadIdx.x]; // want race
}
