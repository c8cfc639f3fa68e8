// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A pointer to the block's slice of A: the offset is added to the index,
// A[blockIdx.x * blockDim.x + threadIdx.x].
__global__ void fill(float *A) {
  float *row = A + blockIdx.x * blockDim.x;
  row[threadIdx.x] = 1.0f;
}
