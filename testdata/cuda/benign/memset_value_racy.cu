// expect: racy
//--blockDim=64 --gridDim=1
// memset writes the byte 1 into each of the four bytes of flags[0]: the
// int 0x01010101, not 1. Thread 0 stores the int 1 at the same place, so
// the two writes put different bytes in bytes 0..3 (01 01 01 01 against
// 01 00 00 00): a race, although both "write 1".
__global__ void mark(int *flags) {
  if (threadIdx.x == 0)
    flags[0] = 1; // want race
  else
    memset(&flags[0], 1, sizeof(int)); // want race
}
