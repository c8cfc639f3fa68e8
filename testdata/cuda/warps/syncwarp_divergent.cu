// expect: divergent
//--blockDim=64 --gridDim=1
// Only the even lanes of each warp call __syncwarp(): with the full mask,
// every lane of the warp must reach it, so this is barrier divergence.
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x % 2 == 0) // want divergence
    __syncwarp();
  out[threadIdx.x] = s[threadIdx.x];
}
