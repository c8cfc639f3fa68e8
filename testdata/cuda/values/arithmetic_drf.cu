// expect: drf
//--blockDim=64 --gridDim=1
// Compound assignments, increments, unsigned arithmetic, casts and
// comparisons used as integers are all exact: i ends as 4t + 2, and the
// flag adds 0 or 1 to a cell of the upper half.
__global__ void arith(int *out, int *flags) {
  unsigned int u = (unsigned int)threadIdx.x;
  int i = (int)u;
  i *= 4;
  i += 3;
  i -= 1;
  ++i;
  i--;
  out[i] = 1;
  int odd = (threadIdx.x % 2 == 1);
  flags[2 * threadIdx.x + odd] = odd;
}
