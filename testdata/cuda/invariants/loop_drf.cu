// expect: drf
//--blockDim=64 --gridDim=1
// A barrier invariant in a loop: in every round each thread stores
// 63 - t into its cell, the invariant says so at the barrier of the round
// (checked in every iteration, with what the thread stored in it) and is
// assumed for the neighbour after it, so round i writes the cells
// i * 64 + 63 - (t + 1) % 64 of out, distinct for distinct t (and from
// round to round). The second barrier orders the next round's stores
// after this round's reads.
__global__ void rounds(int *out, int n) {
  __shared__ int a[64];
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    a[t] = 63 - t;
    __barrier_invariant(a[t] == 63 - t, (t + 1) % 64);
    __syncthreads();
    out[i * 64 + a[(t + 1) % 64]] = t;
    __syncthreads();
  }
}
