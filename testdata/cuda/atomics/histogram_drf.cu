// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A global histogram: every block updates the bins atomically. Atomic
// updates of the same bin from different blocks do not race.
__global__ void histogram(unsigned int *bins, const unsigned char *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[data[i]], 1u);
}
