// expect: divergent
//--blockDim=64 --gridDim=1
// A loop bound computed in floating point from the thread index: thread 0
// runs no iteration and thread 3 two, so they reach different numbers of
// barriers.
__global__ void steps(int *out) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  float lim = tid * 0.5f;
  for (float f = 0; f < lim; f += 1.0f) { // want divergence
    s[tid] = 1;
    __syncthreads();
  }
}
