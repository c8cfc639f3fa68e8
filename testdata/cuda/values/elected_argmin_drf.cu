// expect: drf
//--blockDim=64 --gridDim=16
// Thread 0 finds the nearest object (an argmin over the shared distances,
// writing obj several times) between two barriers, inside a branch that
// every thread takes alike; after the second barrier no thread writes obj,
// so every thread of the block reads the one index it found, and only the
// thread with that index writes hit[blockIdx.x].
__global__ void nearest(const float *dist, unsigned *hit, int n) {
  __shared__ float d[64];
  __shared__ unsigned obj;
  unsigned tid = threadIdx.x;
  if (n > 0) {
    d[tid] = dist[blockIdx.x * 64 + tid];
    __syncthreads();
    if (tid == 0) {
      obj = 0;
      for (unsigned i = 1; i < 64; i++)
        if (d[i] < d[obj])
          obj = i;
    }
    __syncthreads();
    if (tid == obj)
      hit[blockIdx.x] = tid;
  }
}
