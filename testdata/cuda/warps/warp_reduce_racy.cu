// expect: racy
//--blockDim=64 --gridDim=1
// Every thread adds whether it is below 40 over its warp: warp 0 (threads
// 0..31, all below 40) gets 32, warp 1 (threads 32..63, of which 32..39 are
// below 40) gets 8. Lane 0 of each warp writes its warp's sum to out[0]:
// threads 0 and 32 write 32 and 8 there, a race. Both pass the argument 1,
// so taking __reduce_add_sync as a function of its arguments would call
// the two writes equal (benign) and miss it.
__global__ void count(int *out) {
  int s = __reduce_add_sync(0xffffffff, threadIdx.x < 40);
  if (threadIdx.x % 32 == 0)
    out[0] = s; // want race
}
