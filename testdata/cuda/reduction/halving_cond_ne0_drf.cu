// expect: drf
//--blockDim=128 --gridDim=4
// The textbook halving reduction (s = 64, 32, ..., 1; thread l < s adds
// part[l + s]; a barrier per step), with the loop condition spelled
// (s > 0) != 0 -- the shape every OpenCL comparison takes in the IR.
// Race-free: each step s, thread l < s reads part[l + s] and writes part[l],
// cells no other thread of the step touches, and the barrier ends the step.
__global__ void reduce(float *out, const float *in) {
  __shared__ float part[128];
  unsigned int l = threadIdx.x;
  part[l] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = 64; (s > 0) != 0; s >>= 1) {
    if (l < s)
      part[l] += part[l + s];
    __syncthreads();
  }
}
