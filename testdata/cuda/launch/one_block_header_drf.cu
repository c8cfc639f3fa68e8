// expect: drf
//--gridDim=1
// The kernel of forgotten_block_offset_racy.cu, declared to run as one
// block: the threads of that block write distinct elements.
__global__ void scale(int *out, int v) {
  out[threadIdx.x] = v;
}
