// expect: racy
//--blockDim=32 --gridDim=1
// min is a conditional expression: every thread from 15 up writes out[15].
__global__ void clamp(int *out) {
  out[min(threadIdx.x, 15)] = threadIdx.x; // want race
}
