// expect: drf
// A kernel that reverses each block's tile through a shared array of TILE
// elements, indexed threadIdx.x % TILE. Launched as main does, with blocks
// of exactly TILE threads, each thread owns one element of the tile: the
// writes before the barrier are distinct, and after it each thread reads
// the element of thread TILE - 1 - t. Race-free. (With the default launch,
// blocks of any size, threads t and t + TILE would share tile[t]:
// host_tile_mismatch_racy.cu is that launch.)
#define TILE 256

__global__ void reverse(float *out, const float *in) {
  __shared__ float tile[TILE];
  int base = blockIdx.x * blockDim.x;
  int t = threadIdx.x % TILE;
  tile[t] = in[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = tile[TILE - 1 - t];
}

int main() {
  const int n = 1 << 20;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  dim3 block(TILE);
  dim3 grid(n / TILE);
  reverse<<<grid, block>>>(out, in);
  return 0;
}
