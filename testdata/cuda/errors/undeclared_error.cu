// expect: error
// An undeclared name inside a kernel.
__global__ void broken(int *a) {
  a[threadIdx.x] = missing; // want error "use of undeclared identifier 'missing'"
}
