// expect: drf
//--blockDim=64 --gridDim=2
// __popc, __brev and __float_as_int compute a function of their arguments
// only (the prelude marks them pure): every thread of every block writes
// the same values, computed from the kernel's uniform parameters, to the
// same cells. Equal values make the pairs benign, as GPUVerify and Faial
// count them.
__global__ void stamp(int *out, unsigned mask, float x) {
  out[0] = __popc(mask);
  out[1] = __brev(mask);
  out[2] = __float_as_int(x);
}
