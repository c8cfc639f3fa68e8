// expect: racy
//--blockDim=64 --gridDim=1
// The same queue where a thread also moves on by itself (i += 1): the
// values of i no longer all come from the counter, so two threads may
// process the same item (thread a takes 4 and moves to 5 while thread b
// takes 5). The read of out[i] reads the thread's own write (no barrier
// between): a race there is also one between the two writes, reported.
__global__ void work(int *out, unsigned int *next, unsigned int n) {
  unsigned int i = atomicAdd(next, 1);
  while (i < n) {
    out[i] = threadIdx.x; // want race
    if (out[i] > 0)
      i += 1;
    else
      i = atomicAdd(next, 1);
  }
}
