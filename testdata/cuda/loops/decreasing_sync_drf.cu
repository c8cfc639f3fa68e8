// expect: drf
//--blockDim=64 --gridDim=1
// A loop counting down with barriers: each iteration writes s[t], reads a
// neighbour after a barrier, and ends with a barrier before the next
// iteration writes again.
__global__ void down(float *out, const float *in) {
  __shared__ float s[64];
  float acc = 0.0f;
  for (int i = 7; i >= 0; i--) {
    s[threadIdx.x] = in[i * blockDim.x + threadIdx.x];
    __syncthreads();
    acc += s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
