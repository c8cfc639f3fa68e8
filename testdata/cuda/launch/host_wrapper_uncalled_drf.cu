// expect: drf
// assumes: does not overlap
// A library's entry point: launch_axpy is called from no code in this
// file (another file of the program calls it), so what x and y point to
// is not known here. Only if they do not overlap is the kernel free of
// races (each thread writes x[i], and y is only read); with y == x it
// races as the in-place call of host_wrapper_alias_racy.cu does. drfcheck
// assumes they do not overlap, as GPU verifiers do, and the report says
// so: the verdict rests on that assumption.
#include <cuda_runtime.h>

__global__ void axpy(float *x, const float *y, float s) {
  unsigned i = threadIdx.x;
  x[i] = s * (i > 0 ? y[i - 1] : 0.0f);
}

void launch_axpy(float *x, const float *y) {
  axpy<<<1, 32>>>(x, y, 2.0f);
}
