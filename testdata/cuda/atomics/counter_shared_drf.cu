// expect: drf
//--blockDim=128 --gridDim=4
// A __shared__ counter is one per block, updated only by atomicAdd of a
// positive constant: the slots it hands out are distinct among the
// threads of the block (whatever its first value), so the stores into the
// block's own buffer never meet. Another block's counter may hand out the
// same slots, but its buffer is its own. (That the slots are consecutive
// is not known: buf[slot % 1024] would be reported.)
__global__ void gather(const int *in, int *out) {
  __shared__ unsigned count;
  __shared__ int buf[1 << 20];
  unsigned slot = atomicAdd(&count, 1u);
  buf[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
