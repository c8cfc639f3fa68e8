// expect: drf
//--blockDim=32 --gridDim=1
// A bitonic merge step over 64 keys whose stride halves from a parameter:
// for (stride = n / 2; stride > 0; stride >>= 1). The precondition fixes
// n, so the stride takes exactly 32, 16, ..., 1, one per iteration
// (internal/infer/symexec/table.go), and 2 * tid - (tid & (stride - 1)) and that
// plus stride are distinct for distinct threads at a power of two.
__global__ void merge64(unsigned *keys, unsigned n, unsigned dir) {
  __requires(n == 64);
  __shared__ unsigned s[64];
  s[threadIdx.x] = keys[threadIdx.x];
  s[threadIdx.x + 32] = keys[threadIdx.x + 32];
  for (unsigned stride = n / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    unsigned a = s[pos];
    unsigned b = s[pos + stride];
    if ((a > b) == dir) {
      s[pos] = b;
      s[pos + stride] = a;
    }
  }
  __syncthreads();
  keys[threadIdx.x] = s[threadIdx.x];
  keys[threadIdx.x + 32] = s[threadIdx.x + 32];
}
