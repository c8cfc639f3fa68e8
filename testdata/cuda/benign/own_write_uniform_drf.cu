// expect: drf
//--blockDim=64 --gridDim=2
// Every thread writes the block's index to the shared flag and reads it
// back, with no barrier between. The writes are one value (benign), and
// each thread's read comes after its own write: whichever write lands
// last, the read sees blockIdx.x, so no read can tell the threads apart.
// (A compiler forwards the store to the load and reads no memory.)
__global__ void k(int *out) {
  __shared__ int first;
  first = blockIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = first;
}
