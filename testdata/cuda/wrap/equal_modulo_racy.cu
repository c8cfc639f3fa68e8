// expect: racy
//--blockDim=64 --gridDim=1
// threadIdx.x * 2^30 is 0 modulo 2^32 for threads 0, 4, 8, ...: they all
// take the branch and write out[0].
__global__ void quarter(int *out) {
  unsigned i = threadIdx.x * 0x40000000u;
  if (i == 0)
    out[0] = threadIdx.x; // want race
}
