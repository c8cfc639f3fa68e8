// expect: racy
//--blockDim=64 --gridDim=1
// A pointer chosen by ?: must point where C says: threads 0 to 31 write
// a[t], threads 32 to 63 write b[t] (b[32..63]), and every thread t also
// writes b[t + 32], so thread t - 32 and thread t both write b[t]: a race.
// With the arms of the ?: swapped (a bug the CUDA oracle found: the
// lowering paired each arm with the other's pointer), threads 0 to 31 would
// write b[0..31], which the second store never reaches, and the kernel
// would pass as race-free.
__global__ void route(int *a, int *b) {
  int *p = threadIdx.x < 32 ? a : b;
  p[threadIdx.x] = 1;         // want race
  b[threadIdx.x + 32] = 2;    // want race
}
