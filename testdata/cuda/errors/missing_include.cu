// expect: error
// An include file that does not exist: clang's fatal error at the line of
// the #include.
#include "no_such_header.h" // want error "'no_such_header.h' file not found"

__global__ void k(int *a) { a[threadIdx.x] = 0; }
