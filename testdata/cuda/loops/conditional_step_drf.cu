// expect: drf
//--blockDim=64 --gridDim=4
// A plane index advanced only by the threads that are active, a condition
// fixed before the loop: in every iteration it moves by the same amount
// (a plane, or nothing), so at iteration k it is its first value plus k
// times that. Active threads write their own column of each plane.
__global__ void planes(float *out, unsigned n, int depth) {
  __requires(n <= 4096 && depth <= 64); // no index wraps around 2^32
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  bool active = col < n;
  unsigned idx = col;
  for (int k = 0; k < depth; k++) {
    if (active) {
      out[idx] = k;
      idx += n;
    }
    __syncthreads();
  }
}
