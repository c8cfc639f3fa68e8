// expect: racy
//--blockDim=64 --gridDim=1
// KNOWN FALSE ALARM: stream compaction. atomicAdd returns a different old
// value of the counter to each thread, so each thread writes its own slot
// and the kernel is data-race free. But the value an atomic returns is a
// value read from memory, which access memory protocols do not model: any
// value, per thread, and two threads may get the same slot.
__global__ void compact(int *out, int *count, const int *in) {
  int v = in[threadIdx.x];
  if (v > 0) {
    int slot = atomicAdd(count, 1);
    out[slot] = v; // want race
  }
}
