// expect: racy
//--blockDim=64 --gridDim=1
// Thread 0 writes n as an int, the others (float)n's bits through an int
// pointer: 1 is 0x00000001 as an int and 0x3f800000 as a float, other
// bytes, so the writes race. A conversion to or from a float gives an
// unknown, never the same number.
__global__ void pun(int *out, int n) {
  if (threadIdx.x == 0)
    out[0] = n; // want race
  else
    out[0] = __float_as_int((float)n); // want race
}
