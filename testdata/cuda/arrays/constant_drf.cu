// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// __constant__ memory is only read by kernels: reads never race.
__constant__ float coef[16];

__global__ void filter(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = coef[i % 16] * in[i];
}
