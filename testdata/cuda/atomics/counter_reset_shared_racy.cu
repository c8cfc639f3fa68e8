// expect: racy
//--blockDim=128 --gridDim=4
// As counter_reset_drf.cu, without the barrier after the reset: thread 0
// may zero the counter after other threads of its block have taken slots
// 0, 1, ..., and its store races with their atomicAdds. The slots
// handed out after the reset are taken again, so two threads write one
// slot.
__global__ void compact(const int *in, int *out) {
  __shared__ int count;
  __shared__ int slots[128];
  int t = threadIdx.x;
  if (t == 0)
    count = 0; // want race
  if (in[blockIdx.x * 128 + t] > 0)
    slots[atomicAdd(&count, 1)] = t; // want race
  __syncthreads();
  out[blockIdx.x * 128 + t] = slots[t];
}
