// expect: racy
// The kernel of host_tile_match_drf.cu launched with blocks of 512
// threads, twice the shared tile: threads t and t + 256 of a block both
// write tile[t] before the barrier (a write/write race), where the author
// meant one thread per element. drfcheck reports the race for the block
// size main passes.
#define TILE 256

__global__ void reverse(float *out, const float *in) {
  __shared__ float tile[TILE];
  int base = blockIdx.x * blockDim.x;
  int t = threadIdx.x % TILE;
  tile[t] = in[base + threadIdx.x]; // want race
  __syncthreads();
  out[base + threadIdx.x] = tile[TILE - 1 - t];
}

int main() {
  const int n = 1 << 20;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  int threads = 2 * TILE;
  reverse<<<n / threads, threads>>>(out, in);
  return 0;
}
