// expect: racy
//--blockDim=512 --gridDim=1
// (unsigned char)tid wraps modulo 256: threads 0 and 256 both write out[0].
__global__ void bytes(int *out) {
  out[(unsigned char)threadIdx.x] = threadIdx.x; // want race
}
