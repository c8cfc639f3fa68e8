// expect: drf
//--blockDim=64 --gridDim=1
// A spin on atomicCAS and an atomicExch release: all atomic, no race. The
// loop is a while loop with an unknown number of iterations.
__global__ void locked(int *lock, int *value) {
  if (threadIdx.x % 32 == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    atomicAdd(value, 1);
    atomicExch(lock, 0);
  }
}
