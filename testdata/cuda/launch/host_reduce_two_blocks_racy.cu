// expect: racy
// The reduction of host_reduce_one_block_drf.cu launched with two blocks:
// each block reduces its own shared array without a race, but thread 0 of
// block 0 and thread 0 of block 1 both write the one global accumulator
// *result, with nothing ordering blocks: a race between blocks.
__global__ void sum(const float *in, float *result) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
    if (t < k)
      s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t == 0)
    *result = s[0]; // want race
}

int main() {
  float *in, *result;
  cudaMalloc(&in, 512 * sizeof(float));
  cudaMalloc(&result, sizeof(float));
  sum<<<2, 256>>>(in, result);
  return 0;
}
