// expect: drf
//--blockDim=256 --gridDim=[*,1,1]
// An inclusive scan of each warp with __shfl_up_sync, then the warp totals
// through shared memory. Shuffles exchange registers and touch no memory;
// lane 31 of each warp writes its own warpSums cell, and the barrier orders
// those writes before warp 0 reads them.
__global__ void scan(int *out, const int *in) {
  __shared__ int warpSums[8];
  unsigned int gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  int v = in[gid];
  for (int d = 1; d < 32; d *= 2) {
    int n = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d)
      v += n;
  }
  if (lane == 31)
    warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int t = lane < 8 ? warpSums[lane] : 0;
    for (int d = 1; d < 8; d *= 2) {
      int n = __shfl_up_sync(0xffffffff, t, d);
      if (lane >= d)
        t += n;
    }
    if (lane < 8)
      warpSums[lane] = t;
  }
  __syncthreads();
  out[gid] = v + (warp > 0 ? warpSums[warp - 1] : 0);
}
