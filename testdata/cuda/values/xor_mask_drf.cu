// expect: drf
//--blockDim=32 --gridDim=1
// For every m, t ^ m is a permutation of the threads, so thread t writes
// row m at column t ^ m and no two threads meet. drfcheck knows of xor
// that t ^ m ^ m = t (two threads of one m never meet) and that operands
// below 32 give a result below 32 (the rows of two different m never
// overlap).
__global__ void butterfly(int *out) {
  for (int m = 1; m < 32; m <<= 1)
    out[m * 32 + (threadIdx.x ^ m)] = m;
}
