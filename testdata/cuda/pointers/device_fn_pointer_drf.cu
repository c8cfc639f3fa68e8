// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A device function writing through its pointer parameter is inlined: the
// pointer is followed to A with its index.
__device__ void store(float *dst, float v) { *dst = v; }

__global__ void fill(float *A) {
  store(&A[blockIdx.x * blockDim.x + threadIdx.x], 1.0f);
}
