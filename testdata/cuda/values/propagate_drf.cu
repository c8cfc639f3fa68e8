// expect: drf
//--blockDim=64 --gridDim=1
// Marks spread from cell to cell, one round per k: thread t sets its own
// empty cell when cell k is marked. Thread k itself would set cell k only
// if it were empty and marked at once, so in round k no thread writes the
// cell the others read, and each thread writes only its own: race free.
// This needs both reads of s[k] in round k to see one value (the value
// the round's interval began with).
__global__ void propagate(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int k = 0; k < 64; k++) {
    if (s[t] == 0 && s[k] != 0)
      s[t] = k + 1;
    __syncthreads();
  }
  out[t] = s[t];
}
