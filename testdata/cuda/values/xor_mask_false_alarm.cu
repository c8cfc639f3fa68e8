// expect: racy
//--blockDim=32 --gridDim=1
// KNOWN FALSE ALARM: for every m, t ^ m is a permutation of the threads, so
// thread t writes row m at column t ^ m and no two threads meet. But the
// mask is a loop variable, not a constant: drfcheck models xor with a
// non-constant operand as an uninterpreted function of its operands (equal
// operands give equal results, nothing more), which may map two threads
// to the same cell. The report is sound: it only adds behaviours.
__global__ void butterfly(int *out) {
  for (int m = 1; m < 32; m <<= 1)
    out[m * 32 + (threadIdx.x ^ m)] = m; // want race
}
