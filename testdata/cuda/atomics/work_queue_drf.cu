// expect: drf
//--blockDim=64 --gridDim=[*,1,1]
// A work queue: each thread takes the next item from a global counter until
// the items run out (the dynamic load balancing of Bardsley and Donaldson, Fig. 3). Every
// value i takes, before the loop and at the end of each iteration, comes
// from the one counter, which only goes up, so no two threads (nor two
// iterations) process the same item.
__global__ void work(int *out, unsigned int *next, unsigned int n) {
  unsigned int i = atomicAdd(next, 1);
  while (i < n) {
    out[i] = threadIdx.x;
    i = atomicAdd(next, 1);
  }
}
