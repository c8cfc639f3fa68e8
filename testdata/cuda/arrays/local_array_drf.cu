// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// A per-thread local array and local scalars never race: every thread has
// its own, whatever indices it uses.
__global__ void local(float *out, const float *in) {
  float buf[4];
  int t = threadIdx.x;
  for (int i = 0; i < 4; i++)
    buf[i] = in[4 * t + i];
  buf[t % 4] = 0;
  out[t] = buf[0] + buf[3];
}
