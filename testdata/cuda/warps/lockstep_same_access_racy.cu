// expect: racy
//--blockDim=32 --gridDim=1 --warp-sync
// In lock-step, threads that make the same access at the same step still
// race when they write one place with different values.
__global__ void k(int *out) {
  __shared__ int s[32];
  s[threadIdx.x / 2] = threadIdx.x; // want race
  out[threadIdx.x] = s[threadIdx.x / 2];
}
