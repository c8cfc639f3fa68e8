// expect: drf
//--blockDim=128 --gridDim=1
// Beside the level counter l, whose bound is a parameter, half halves
// from 64 and width doubles from 1 in every iteration: at level k they are
// 64 >> k and 2^k (0 from level 7 and level 32 on: unsigned values keep
// 0). The threads below half add s[2 width t + width] into s[2 width t],
// odd and even multiples of width, below 128.
__global__ void pairs(float *out, int levels) {
  __shared__ float s[256];
  s[threadIdx.x] = out[threadIdx.x];
  s[threadIdx.x + 128] = 0;
  __syncthreads();
  unsigned half = 64, width = 1;
  for (int l = 0; l < levels; l++) {
    if (threadIdx.x < half)
      s[2 * width * threadIdx.x] += s[2 * width * threadIdx.x + width];
    half >>= 1;
    width <<= 1;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
