// expect: drf
//--blockDim=[16,16] --gridDim=1
// A tile transpose through a padded 2-D shared array, with one index per
// dimension: thread (x, y) writes tile[y][x], and after the barrier reads
// tile[x][y].
#define T 16
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[T][T + 1];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * T + x];
  __syncthreads();
  out[y * T + x] = tile[x][y];
}
