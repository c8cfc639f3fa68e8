// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// The usual global index: blockIdx.x * blockDim.x + threadIdx.x is
// different for every thread of the grid, whatever the sizes.
__global__ void scale(float *out, const float *in, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a * in[i];
}
