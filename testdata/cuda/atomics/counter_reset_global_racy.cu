// expect: racy
//--blockDim=128 --gridDim=4
// As counter_reset_drf.cu, but the counter is one global cell for the
// whole grid: __syncthreads() orders only the block's own threads, so
// thread 0 of one block zeroes the counter while another block's threads
// take slots (a store racing with their atomicAdds), and slots handed out
// before that reset are handed out again after it.
__global__ void compact(const int *in, int *out, int *count) {
  int t = threadIdx.x;
  if (t == 0)
    *count = 0; // want race
  __syncthreads();
  if (in[blockIdx.x * 128 + t] > 0)
    out[atomicAdd(count, 1)] = t; // want race
}
