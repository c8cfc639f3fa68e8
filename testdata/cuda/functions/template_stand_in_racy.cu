// expect: racy
//--gridDim=1
// At the stand-in STRIDE = 32, threads 0 to 31 all write out[0]: a race
// (as it is for any STRIDE above 1).
template <typename T, int STRIDE>
__global__ void pack(T *out, const T *in) {
  out[threadIdx.x / STRIDE] = in[threadIdx.x]; // want race
}
