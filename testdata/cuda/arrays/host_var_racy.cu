// expect: racy
//--blockDim=256 --gridDim=4
// The same variable written plainly by every thread, each its own index:
// two threads of the grid write different values to the one object.
int last;

__global__ void mark(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 1;
  last = i; // want race
}
