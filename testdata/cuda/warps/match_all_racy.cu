// expect: racy
//--blockDim=64 --gridDim=1
// __match_all_sync returns the mask of the warp when every thread of it
// passes the same value, else 0. With key = threadIdx.x < 40, warp 0 (all
// below 40) gets 0xffffffff and warp 1 (threads 32..39 below 40, the
// others not) gets 0. Lane 0 of each warp stores the result into out[0]:
// threads 0 and 32 pass the same key (1) but write different values, a
// race. Its pred output is written to each thread's own local.
__global__ void agree(unsigned *out) {
  int pred;
  unsigned m = __match_all_sync(0xffffffff, threadIdx.x < 40, &pred);
  if (threadIdx.x % 32 == 0)
    out[0] = m; // want race
}
