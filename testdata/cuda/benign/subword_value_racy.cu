// expect: racy
//--blockDim=64 --gridDim=1
// Thread 0 stores the int 1 into flags[0] (bytes 01 00 00 00 on a
// little-endian GPU); the other threads store the short 1 into the upper
// half of the same int (bytes 2..3 become 01 00). Both "write 1", but on
// bytes 2..3 one writes 00 00 and the other 01 00: the final int is 1 or
// 0x00010001 depending on the order, a real race. Byte 2 is written by
// both, so the pair is not benign whatever the widths say.
__global__ void mark(int *flags) {
  if (threadIdx.x == 0)
    flags[0] = 1; // want race
  else
    reinterpret_cast<short *>(flags)[1] = 1; // want race
}
