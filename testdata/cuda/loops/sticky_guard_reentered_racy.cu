// expect: racy
//--blockDim=32 --gridDim=1
// The guard also tests the level, which changes: at level 1 no thread
// enters, and at level 2 the threads below active enter again with the
// values they kept (stride 2, one update), not those of two updates. So
// at level 2, thread 0 reads s[4] (stride == 2 picks the offset 4) while
// thread 1 writes s[4]. Had the variables moved at level 1 too (stride 4,
// offset 1), no thread would meet another: the guard is not sticky, and
// its variables are not those of an unguarded sequence.
__global__ void levels(float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[4 * t] = t;
  __syncthreads();
  unsigned active = 16, stride = 1;
  for (int level = 0; level < 3; level++) {
    if (t < active && level != 1) {
      s[4 * t] += s[4 * t + (stride == 2 ? 4 : 1)]; // want race
      active >>= 1;
      stride <<= 1;
    }
    __syncthreads();
  }
  out[t] = s[4 * t];
}
