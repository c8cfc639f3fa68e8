// expect: racy
//--blockDim=64 --gridDim=1
// The counter also goes down: a thread may take slot 5, another give it
// back with atomicSub, and a third take slot 5 again. The values atomicAdd
// returns are no longer distinct.
__global__ void stack(int *out, int *count) {
  int slot = atomicAdd(count, 1);
  out[slot] = threadIdx.x; // want race
  if (threadIdx.x % 2 == 0)
    atomicSub(count, 1);
}
