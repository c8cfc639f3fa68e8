// expect: error
// A syntax error: clang's message, at the user's line, and exit status 2.
__global__ void broken(int *a) {
  a[threadIdx.x] = 1 // want error "expected ';' after expression"
}
