// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// Device functions computing the index and doing the access are inlined,
// with their arguments substituted.
__device__ int global_index() { return blockIdx.x * blockDim.x + threadIdx.x; }

__device__ __forceinline__ void axpy(float *y, const float *x, float a, int i) {
  y[i] = a * x[i] + y[i];
}

__global__ void kernel(float *y, const float *x, float a, int n) {
  int i = global_index();
  if (i < n)
    axpy(y, x, a, i);
}
