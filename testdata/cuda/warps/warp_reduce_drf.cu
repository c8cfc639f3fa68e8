// expect: drf
//--blockDim=64 --gridDim=1
// The fixed version of warp_reduce_racy.cu: lane 0 of warp w writes its
// warp's sum to out[w], a cell of its own.
__global__ void count(int *out) {
  int s = __reduce_add_sync(0xffffffff, threadIdx.x < 40);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = s;
}
