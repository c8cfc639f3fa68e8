// expect: racy
//--blockDim=64 --gridDim=2
// One counter per block: the counters of blocks 0 and 1 both hand out 0,
// and both threads write out[0]. Distinct values come only from one
// counter.
__global__ void compact(int *out, int *counts) {
  int slot = atomicAdd(&counts[blockIdx.x], 1);
  out[slot] = threadIdx.x; // want race
}
