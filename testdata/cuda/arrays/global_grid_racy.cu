// expect: racy
//--blockDim=64 --gridDim=2
// Within a block each thread writes its own cell, but the two blocks write
// the same cells: thread 0 of block 0 and thread 0 of block 1 both write
// out[0]. No barrier orders threads of different blocks.
__global__ void copy(float *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x]; // want race
}
