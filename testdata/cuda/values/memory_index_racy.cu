// expect: racy
//--blockDim=64 --gridDim=1
// An index read from global memory: two threads may read the same value
// (a real race for such input).
__global__ void gather(float *out, const int *idx) {
  int j = idx[threadIdx.x];
  out[j] = (float)threadIdx.x; // want race
}
