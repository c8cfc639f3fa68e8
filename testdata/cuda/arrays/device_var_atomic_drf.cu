// expect: drf
//--blockDim=32 --gridDim=4
// The same count with an atomic: atomic updates do not race with each
// other, in one block or across blocks.
__device__ int counter;

__global__ void count(void) {
  atomicAdd(&counter, 1);
}
