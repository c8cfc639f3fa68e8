// expect: drf
//--blockDim=256 --gridDim=1
// A synchronized loop whose variable starts at the thread's index: thread t
// runs it for pos = t, t + 256, ... while pos < 512, that is twice for every
// t < 256. The threads start at different values but reach the same
// barriers, the same number of times, so there is no divergence; in
// iteration k, thread t writes s[t + 256k], its own cell, and reads its
// neighbour's after the barrier, which the next iteration's barrier
// separates from the next writes.
__global__ void twice(float *out) {
  __shared__ float s[512];
  for (int pos = threadIdx.x; pos < 512; pos += blockDim.x) {
    s[pos] = pos;
    __syncthreads();
    out[pos] = s[pos ^ 1];
    __syncthreads();
  }
}
