// expect: drf
//--blockDim=64 --gridDim=1
// A while loop with barriers and a condition that is the same for every
// thread: the number of iterations is unknown but uniform. Each iteration
// writes one cell per thread, synchronizes, reads, and synchronizes again.
__global__ void rounds(float *out, const float *in, int n) {
  __shared__ float s[64];
  float acc = 0.0f;
  while (n > 0) {
    s[threadIdx.x] = in[n * 64 + threadIdx.x];
    __syncthreads();
    acc += s[63 - threadIdx.x];
    __syncthreads();
    n /= 2;
  }
  out[threadIdx.x] = acc;
}
