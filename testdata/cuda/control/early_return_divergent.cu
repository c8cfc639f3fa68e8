// expect: divergent
//--blockDim=64 --gridDim=1
// An early return before a barrier: when n is below the block size, the
// threads that returned never reach the barrier the others wait at.
__global__ void smooth(float *out, const float *in, int n) {
  __shared__ float s[64];
  int t = threadIdx.x;
  if (t >= n) // want divergence
    return;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[(t + 1) % 64];
}
