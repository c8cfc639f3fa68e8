// expect: drf
// Each thread writes slot threadIdx.x % n of a global array, from a single
// block of n threads, n read from the command line. The launch relates the
// block to the argument: blockDim.x == n, so threadIdx.x % n is
// threadIdx.x and every thread has a slot of its own. Race-free. (Under the
// default launch, blocks larger than n, threads t and t + n would share a
// slot.)
#include <cstdlib>

__global__ void slots(int *out, int n) {
  out[threadIdx.x % n] = threadIdx.x;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int *out;
  cudaMalloc(&out, n * sizeof(int));
  slots<<<1, n>>>(out, n);
  return 0;
}
