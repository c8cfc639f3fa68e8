// expect: racy
//--blockDim=256 --gridDim=1
// As conditional_store_drf.cu, but the upper half writes even indices: the
// invariant still holds and says which cells the lower half writes, and
// thread 128 + u writes the cell 2u that thread u ^ 1 writes.
__global__ void conditional_store(int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  if (t < 128)
    s[t] = 2 * t;
  __barrier_invariant(t >= 128 || s[t] == 2 * t, t ^ 1);
  __syncthreads();
  if (t < 128)
    out[s[t ^ 1]] = t; // want race
  else
    out[2 * (t - 128)] = t; // want race
}
