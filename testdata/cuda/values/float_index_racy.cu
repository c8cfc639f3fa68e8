// expect: racy
//--blockDim=64 --gridDim=1
// An index computed in floating point is not modelled: it is a fresh
// thread-local value. Here threads 0 and 1 really both compute 0.
__global__ void half(float *out) {
  int j = (int)(threadIdx.x * 0.5f);
  out[j] = (float)threadIdx.x; // want race
}
