// expect: drf
//--blockDim=256 --gridDim=1
// Only the lower half of the block stores, under a condition: what thread
// t knows of s[t] at the barrier holds where it stored (t < 128), and the
// invariant is an implication that needs no more. After the barrier,
// thread t reads the cell of thread t ^ 1 (t < 128: in the lower half
// too): 2 * (t ^ 1), distinct for distinct t, an even index below 256.
// The upper half writes odd indices of its own.
__global__ void conditional_store(int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  if (t < 128)
    s[t] = 2 * t;
  __barrier_invariant(t >= 128 || s[t] == 2 * t, t ^ 1);
  __syncthreads();
  if (t < 128)
    out[s[t ^ 1]] = t;
  else
    out[2 * (t - 128) + 1] = t;
}
