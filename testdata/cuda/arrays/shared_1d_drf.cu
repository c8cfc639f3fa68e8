// expect: drf
//--blockDim=128 --gridDim=1
// Each thread writes its own cell of s, then, after the barrier, reads its
// neighbour's: the writes are one cell per thread and the reads are in
// another phase.
__global__ void rotate(float *out, const float *in) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[(t + 1) % 128];
}
