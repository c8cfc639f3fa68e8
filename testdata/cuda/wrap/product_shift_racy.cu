// expect: racy
//--blockDim=64 --gridDim=1
// threadIdx.x * 2^31 is unsigned: it wraps to 0 for every even thread and
// to 2^31 for every odd one, so i >> 31 is threadIdx.x % 2 and threads 0
// and 2 both write out[0]. Over unbounded integers i >> 31 would be
// threadIdx.x, distinct for every thread.
__global__ void halves(int *out) {
  unsigned i = threadIdx.x * 0x80000000u;
  out[i >> 31] = threadIdx.x; // want race
}
