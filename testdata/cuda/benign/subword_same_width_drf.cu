// expect: drf
//--blockDim=64 --gridDim=1
// All threads store the short 7 into the upper half of flags[0]: each
// pair writes the same two bytes with the same value, 07 00, which is
// benign. The array is accessed by shorts, so its cells are shorts, and
// the store is of exactly one cell, whose value is compared. (It was a
// known false alarm while the cells were the array's ints.)
__global__ void mark(int *flags) {
  reinterpret_cast<short *>(flags)[1] = 7;
}
