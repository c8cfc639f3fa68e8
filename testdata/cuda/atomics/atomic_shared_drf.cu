// expect: drf
//--blockDim=64 --gridDim=1
// A block-wide counter in shared memory: atomic updates do not race with
// each other; the initialization and the final read are separated from
// them by barriers.
__global__ void count(int *out, const int *in) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  if (in[threadIdx.x] > 0)
    atomicAdd(&total, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = total;
}
