// expect: racy
//--blockDim=64 --gridDim=4
// conditional_step_drf.cu advancing by n - 1 instead of n: thread 0
// writes cell n - 1 in its second iteration, the cell that thread n - 1
// (active, in another block when n > 64) writes in its first; no barrier
// orders threads of different blocks.
__global__ void planes(float *out, unsigned n, int depth) {
  __requires(n <= 4096 && depth <= 64); // no index wraps around 2^32
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  bool active = col < n;
  unsigned idx = col;
  for (int k = 0; k < depth; k++) {
    if (active) {
      out[idx] = k; // want race
      idx += n - 1;
    }
    __syncthreads();
  }
}
