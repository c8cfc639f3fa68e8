// expect: drf
// A tree reduction in shared memory whose thread 0 writes the block's sum
// to one global accumulator, *result. main launches it as a single block
// of 256 threads, <<<1, 256>>>: the halving loop separates its steps with
// barriers, and only one thread of the only block writes *result.
// Race-free. (Under the default launch, any number of blocks, thread 0 of
// two blocks would both write *result: host_reduce_two_blocks_racy.cu.)
__global__ void sum(const float *in, float *result) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
    if (t < k)
      s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t == 0)
    *result = s[0];
}

int main() {
  float *in, *result;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&result, sizeof(float));
  sum<<<1, 256>>>(in, result);
  return 0;
}
