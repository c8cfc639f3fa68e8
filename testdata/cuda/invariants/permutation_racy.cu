// expect: racy
//--blockDim=256 --gridDim=1
// As permutation_drf.cu, but each thread stores (255 - t) / 2: the
// invariant says so and holds, and it lets drfcheck see that threads t and
// t + 1 (for even 255 - (t + 1) % 256) read the same value after the
// barrier and write one cell of out.
__global__ void permutation(int *out) {
  __shared__ int perm[256];
  unsigned t = threadIdx.x;
  perm[t] = (255 - t) / 2;
  __barrier_invariant(perm[t] == (255 - t) / 2, (t + 1) % 256);
  __syncthreads();
  out[perm[(t + 1) % 256]] = t; // want race
}
