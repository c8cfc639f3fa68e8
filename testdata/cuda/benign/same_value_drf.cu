// expect: drf
//--blockDim=64 --gridDim=4
// Every thread of every block writes 1 to found[0], and the parameter n to
// count[0]: each pair of writes to one place writes the same value, which
// GPUVerify and Faial count as benign (--benign-races reports them).
__global__ void mark(int *found, int *count, int n) {
  found[0] = 1;
  count[0] = n;
}
