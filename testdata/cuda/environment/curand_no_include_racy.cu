// expect: init=drf, shared_state=racy
//--blockDim=64 --gridDim=2
// cuRAND's names used without including curand_kernel.h (as extracted
// sample kernels do): drfcheck declares them for such a file. Drawing a
// number writes the generator's state, so threads drawing from one state
// race (shared_state: every thread of the grid draws from states[0]),
// while init gives each thread its own state.
__global__ void init(curandState *states, unsigned long long seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, i, 0, &states[i]);
}

__global__ void shared_state(curandState *states, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = curand_uniform(&states[0]); // want race
}
