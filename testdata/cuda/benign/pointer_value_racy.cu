// expect: racy
//--blockDim=64 --gridDim=1
// Each thread stores the address of its own element of buf in the shared
// pointer p: the stores write different values, a race.
__global__ void k(float *out) {
  __shared__ float buf[64];
  __shared__ float *p;
  p = buf + threadIdx.x; // want race
  out[threadIdx.x] = p == buf ? 1.0f : 0.0f;
}
