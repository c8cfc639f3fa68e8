// expect: racy
//--blockDim=64 --gridDim=1
// An __half is 2 bytes: halves[2p] and halves[2p+1] are the two halves of
// the pair pairs[p]. An even thread t stores the pair pairs[t / 2], that
// is halves[t] and halves[t + 1]; an odd thread t stores halves[t]. So
// thread 1 stores halves[1], the upper half of pairs[0], which thread 0
// stores too: a race that only the 2-byte width of an __half shows.
#include <cuda_fp16.h>
__global__ void mix(__half *halves, const float *in) {
  __half2 *pairs = reinterpret_cast<__half2 *>(halves);
  if (threadIdx.x % 2 == 0)
    pairs[threadIdx.x / 2] = __float2half2_rn(in[threadIdx.x]); // want race
  else
    halves[threadIdx.x] = __float2half(in[threadIdx.x]); // want race
}
