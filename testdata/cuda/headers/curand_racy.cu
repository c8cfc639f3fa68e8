// expect: own=drf, shared=racy, mtgp=drf
//--blockDim=256 --gridDim=1
// cuRAND through <cuda.h>, as GPUVerify's header provides it. Drawing a
// number writes the generator's state: in own each thread draws from its
// own state (data-race free), in shared all threads draw from state[0] (a
// write/write race), and in mtgp the 256 threads of the block draw from one
// MTGP32 state together, which cuRAND allows (data-race free: the stub
// reproduces the real generator's per-thread accesses and barriers).
#include <cuda.h>

__global__ void own(curandState *state, float *out, unsigned long long seed) {
  int t = threadIdx.x;
  curand_init(seed, t, 0, &state[t]);
  out[t] = curand_uniform(&state[t]);
}

__global__ void shared(curandState_t *state, float *out) {
  out[threadIdx.x] = curand_normal(state); // want race
}

__global__ void mtgp(curandStateMtgp32_t *state, unsigned int *out) {
  out[threadIdx.x] = curand(state);
}
