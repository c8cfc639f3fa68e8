// expect: drf
//--blockDim=256 --gridDim=4
// CUDA's integer intrinsics of a constant are constants: the FFT kernels
// of the CUDA samples divide by a power of two D, fixed by a precondition,
// as i >> (__ffs(D) - 1). With D == 4, __ffs(D) == 3, so q == (i * 4) >> 2
// == i: one cell per thread. __popc(0xF0u) == 4, __clz(1) == 31 and
// __brev(0x80000000u) == 1, so the other indices are i too (the second
// array's) and i + 1 - 1. Taken as unknown functions, the shifts could be
// anything and two threads' cells meet.
__global__ void divide(int *out, int *two, unsigned D) {
  __requires(D == 4);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned q = (i * D) >> (__ffs(D) - 1);
  out[q] = i;
  two[i + __popc(0xF0u) - 4] = 1;
  two[i + 31 - __clz(1)] += (int)__brev(0x80000000u);
}
