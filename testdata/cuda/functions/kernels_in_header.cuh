// expect: drf
//--blockDim=64 --gridDim=1
// A header with a kernel and a device function, included by
// kernels_in_header_racy.cu, which checks this kernel as its own. Thread t
// writes a[t + 1]: one writer per element.
__global__ void shift(int *a) {
  a[threadIdx.x + 1] = threadIdx.x;
}
__device__ int slot(int i) { return i / 2; }
