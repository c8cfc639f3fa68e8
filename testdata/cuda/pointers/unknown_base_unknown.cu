// expect: unknown
//--blockDim=32 --gridDim=4
// A pointer loaded from memory may point anywhere: the write through it
// cannot be checked, and the verdict is unknown (never data-race free).
// The other accesses only read.
__global__ void scatter(float **rows, const float *in) {
  float *row = rows[blockIdx.x];
  row[threadIdx.x] = in[threadIdx.x]; // want unknown
}
