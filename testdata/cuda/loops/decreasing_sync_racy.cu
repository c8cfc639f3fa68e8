// expect: racy
//--blockDim=64 --gridDim=1
// Without the second barrier, the read of s[t + 1] in one iteration meets
// thread t + 1's write of the next (lower) iteration: consecutive
// iterations of a loop counting down.
__global__ void down(float *out, const float *in) {
  __shared__ float s[64];
  float acc = 0.0f;
  for (int i = 7; i >= 0; i--) {
    s[threadIdx.x] = in[i * blockDim.x + threadIdx.x]; // want race
    __syncthreads();
    acc += s[(threadIdx.x + 1) % blockDim.x]; // want race
  }
  out[threadIdx.x] = acc;
}
