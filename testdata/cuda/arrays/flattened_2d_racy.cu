// expect: racy
//--blockDim=[8,8] --gridDim=1
// Without the barrier, thread (0,1) writes p[8], which is t[1][0], while
// thread (1,0) reads t[1][0]. Comparing [0][8] with [1][0] index by index
// would miss it: the array is linearized.
__global__ void flat(float *out) {
  __shared__ float t[8][8];
  float *p = &t[0][0];
  p[threadIdx.y * 8 + threadIdx.x] = threadIdx.x;                   // want race
  out[threadIdx.y * 8 + threadIdx.x] = t[threadIdx.x][threadIdx.y]; // want race
}
