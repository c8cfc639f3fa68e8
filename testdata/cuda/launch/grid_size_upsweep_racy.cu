// expect: racy
//--blockDim=[32,1,1] --gridDim=[64,1,1]
// As grid_size_upsweep_drf.cu without the barrier between levels: at
// the first level (d = 32, offset 1) thread 2 writes t[2 * 2 + 1] = t[5],
// and at the second (d = 16, offset 2) thread 1 reads t[2 * (2 * 1 + 1) -
// 1] = t[5], with nothing ordering the two (threads of one warp too, under
// independent thread scheduling).
__global__ void upsweep(float *sums, const float *partial) {
  __shared__ float t[64];
  int tid = threadIdx.x;
  t[2 * tid] = partial[2 * tid];
  t[2 * tid + 1] = partial[2 * tid + 1];
  __syncthreads();
  int offset = 1;
  for (int d = gridDim.x >> 1; d > 0; d >>= 1) {
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      t[bi] += t[ai]; // want race
    }
    offset *= 2;
  }
}
