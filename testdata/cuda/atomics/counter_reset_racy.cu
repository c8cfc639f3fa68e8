// expect: racy
//--blockDim=64 --gridDim=1
// Thread 0 resets the counter while others take slots: a slot handed out
// before the reset is handed out again after it.
__global__ void compact(int *out, int *count) {
  if (threadIdx.x == 0)
    *count = 0; // want race
  int slot = atomicAdd(count, 1); // want race
  out[slot] = threadIdx.x; // want race
}
