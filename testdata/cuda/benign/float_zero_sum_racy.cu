// expect: racy
//--blockDim=64 --gridDim=1
// Thread 0 writes a and the others a + 0.0f: for a = -0.0f the sum is
// +0.0f, other bytes, so the writes race. Arithmetic on a float gives an
// unknown value, never its bits read as a number.
__global__ void sum(float *out, float a) {
  if (threadIdx.x == 0)
    out[0] = a; // want race
  else
    out[0] = a + 0.0f; // want race
}
