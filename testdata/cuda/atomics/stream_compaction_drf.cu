// expect: drf
//--blockDim=64 --gridDim=[*,1,1]
// Stream compaction: atomicAdd returns the old value of the counter, and
// the counter is only ever incremented (by 1, at one place for the whole
// grid), so no two atomicAdd calls return the same value (Bardsley and Donaldson, Section
// 4.2): each thread writes its own slot of out.
__global__ void compact(int *out, int *count, const int *in) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0) {
    int slot = atomicAdd(count, 1);
    out[slot] = v;
  }
}
