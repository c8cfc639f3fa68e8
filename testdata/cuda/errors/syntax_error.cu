// expect: unknown
// A syntax error in the kernel: clang's message, at the user's line; the
// kernel is unknown (not a file error: other kernels would be checked).
__global__ void broken(int *a) {
  a[threadIdx.x] = 1 // want unknown
}
