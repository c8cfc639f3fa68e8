// expect: unknown
//--blockDim=64 --gridDim=1
// A break out of a loop with barriers is not supported: ignoring it would
// hide the phase where the broken iteration meets the code after the loop.
// The verdict is unknown. (The kernel is in fact data-race free: the break
// condition is the same for every thread, and the barriers separate every
// write of s from the reads; the tool cannot say so.)
__global__ void until(float *out, const float *in, int n, int stop) {
  __shared__ float s[64];
  float acc = 0.0f;
  for (int i = 0; i < n; i++) { // want unknown
    s[threadIdx.x] = in[i * 64 + threadIdx.x];
    __syncthreads();
    acc += s[63 - threadIdx.x];
    __syncthreads();
    if (i == stop)
      break;
  }
  out[threadIdx.x] = acc;
}
