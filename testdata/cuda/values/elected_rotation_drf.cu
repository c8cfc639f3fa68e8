// expect: drf
//--blockDim=8 --gridDim=2
// Thread 0 of each block reads an unsigned value into cell[0]; after the
// barrier every thread of the block reads the same value v there (nothing
// writes cell in that interval), and thread t writes element
// (v + t) % 8 of its block's eight: a rotation, one element per thread.
// v is unsigned, so (v + t) % 8u is in 0..7 whatever v is; the value read
// is taken in [0, 2^32), as C's unsigned is (else a negative remainder
// would land in the other block's elements, a false alarm).
__global__ void rot(const unsigned *e, unsigned *won) {
  __shared__ unsigned cell[1];
  if (threadIdx.x == 0) cell[0] = e[blockIdx.x];
  __syncthreads();
  unsigned v = cell[0];
  won[blockIdx.x * 8u + (v + threadIdx.x) % 8u] = threadIdx.x;
}
