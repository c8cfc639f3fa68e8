// expect: drf
//--blockDim=[8,8] --gridDim=1
// A 2-D array written through a flattened pointer and read with two
// indices: every access is linearized (row * 8 + column), so the two forms
// are compared cell by cell. The barrier separates the writes (one cell per
// thread) from the reads.
__global__ void flat(float *out) {
  __shared__ float t[8][8];
  float *p = &t[0][0];
  p[threadIdx.y * 8 + threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 8 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
