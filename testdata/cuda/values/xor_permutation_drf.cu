// expect: drf
//--blockDim=64 --gridDim=1
// t ^ 1 is a permutation of the threads. Xor, or and and with a constant
// are exact for a non-negative operand (a ^ c = a + c - 2 (a & c), with
// a & c made of the bits of a that c selects, for up to four bits), so this
// is proved.
__global__ void swap(int *out) {
  out[threadIdx.x ^ 1] = threadIdx.x;
  out[64 + (threadIdx.x | 64)] = 0;
  out[256 + (threadIdx.x & ~1) + (threadIdx.x & 1)] = 1;
}
