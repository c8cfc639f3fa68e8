// expect: drf
//--blockDim=256 --gridDim=4
// The pre-CUDA 9 warp intrinsics without _sync (__shfl_up, __shfl_xor,
// __shfl, __any, __all, __ballot), as old sample code calls them: they
// are the full-warp _sync ones (mask 0xffffffff). They touch no memory,
// and their results are values of the warp drfcheck does not compute
// (fresh per thread). A warp scan kept in registers, then each warp's
// last lane writes the warp's total into its own slot of sums, and every
// thread its own element of data.
__global__ void warp_scan(int *data, int *sums) {
  __shared__ int warp_sums[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int v = data[i];
  for (int d = 1; d < 32; d *= 2) {
    int n = __shfl_up(v, d, 32);
    if (lane >= d) v += n;
  }
  int total = __shfl(v, 31) + __shfl_xor(v, 1);
  if (__any(v > 0) && __all(v >= 0) && __ballot(lane == 0) != 0u) v += 1;
  if (lane == 31) warp_sums[warp] = total;
  __syncthreads();
  if (threadIdx.x == 0) sums[blockIdx.x] = warp_sums[0];
  data[i] = v;
}
