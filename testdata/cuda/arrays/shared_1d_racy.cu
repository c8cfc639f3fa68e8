// expect: racy
//--blockDim=128 --gridDim=1
// The classic missing barrier: thread 0 reads s[1] while thread 1 writes it.
__global__ void rotate(float *out, const float *in) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = in[t];             // want race
  out[t] = s[(t + 1) % 128]; // want race
}
