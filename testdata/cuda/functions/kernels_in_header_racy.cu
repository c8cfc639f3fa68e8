// expect: shift=drf, pairs=racy
//--blockDim=64 --gridDim=1
// The kernels of a header the file includes are the file's kernels: shift
// (data-race free) is checked here too. pairs indexes through the header's
// device function: threads 0 and 1 both write a[slot(t)] = a[0].
#include "kernels_in_header.cuh"
__global__ void pairs(int *a) {
  a[slot(threadIdx.x)] = threadIdx.x; // want race
}
