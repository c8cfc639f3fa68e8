// expect: racy
//--blockDim=128 --gridDim=8
// The barrier runs only when n > 2 (a condition every thread takes alike).
// When n <= 2 thread 0 writes best while the others read it: a race on
// best, and two threads may read different values (one before the write,
// one after), both match their own index and both write out[blockIdx.x].
__global__ void elect(const int *score, int *out, int n) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = score[blockIdx.x] % blockDim.x; // want race
  if (n > 2)
    __syncthreads();
  if (threadIdx.x == best) // want race
    out[blockIdx.x] = threadIdx.x; // want race
}
