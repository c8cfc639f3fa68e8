// expect: unknown
// An undeclared name inside a kernel: the kernel is unknown, with clang's
// message at the line.
__global__ void broken(int *a) {
  a[threadIdx.x] = missing; // want unknown
}
