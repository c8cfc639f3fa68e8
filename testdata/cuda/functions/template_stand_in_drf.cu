// expect: drf
//--gridDim=1
// A template kernel the file never instantiates (a library's) is checked at
// stand-in template arguments, int for T and 32 for STRIDE, which a note
// names: each thread writes its own out[threadIdx.x] and only reads in,
// whatever STRIDE is, so the kernel is data-race free.
template <typename T, int STRIDE>
__global__ void gather(T *out, const T *in) {
  out[threadIdx.x] = in[threadIdx.x * STRIDE];
}
