// expect: error
// A file without any __global__ function has nothing to check: an error,
// placed at the file's first declaration.
__device__ int helper(int x) { return x + 1; } // want error "no __global__ function"

int host(int y) { return y; }
