// expect: racy
//--blockDim=256 --gridDim=1
// The invariant is true (every thread stored 255 - t) but speaks of the
// neighbour's cell, which thread t did not access in the interval: another
// thread may have written anything there as far as thread t can tell
// (Chong et al.'s unknown locations), so the check fails. Writing it of
// the thread's own cell and instantiating it for the neighbour
// (permutation_drf.cu) is the way to say this.
__global__ void unknown_location(int *out) {
  __shared__ int perm[256];
  unsigned t = threadIdx.x;
  perm[t] = 255 - t;
  __barrier_invariant(perm[(t + 1) % 256] == 255 - (t + 1) % 256, t); // want invariant
  __syncthreads();
  out[perm[(t + 1) % 256]] = t;
}
