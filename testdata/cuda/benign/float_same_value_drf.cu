// expect: drf
//--blockDim=64 --gridDim=4
// Every thread writes 1.5f to flag[0], and every thread of a block writes
// its block's scale read from an array no one writes: two threads write
// the same bytes, benign pairs (as GPUVerify and Faial count them). A
// float is carried as its bits, so two writes of one float are seen to be
// one value.
__global__ void fill(float *flag, float *scaled, const float *scale) {
  flag[0] = 1.5f;
  scaled[blockIdx.x] = scale[blockIdx.x];
}
