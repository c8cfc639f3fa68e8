// expect: drf
//--blockDim=64 --gridDim=1
// The fixed version of match_all_racy.cu: lane 0 of warp w stores its
// warp's result into out[w], a cell of its own; pred is each thread's own
// local.
__global__ void agree(unsigned *out) {
  int pred;
  unsigned m = __match_all_sync(0xffffffff, threadIdx.x < 40, &pred);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = m;
}
