// expect: drf
//--blockDim=128 --gridDim=1
// Lane and warp numbers by constant shifts and masks are exact: t & 31 is
// t mod 32 and t >> 5 is t / 32, so warp * 32 + lane is t again, and
// (t >> 2) << 2 | (t & 3) too.
__global__ void lanes(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  int lane = t & 31;
  int warp = t >> 5;
  s[warp * 32 + lane] = t;
  __syncthreads();
  out[((t >> 2) << 2) + (t & 3)] = s[127 - t];
}
