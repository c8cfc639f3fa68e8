// expect: divergent
//--blockDim=64 --gridDim=1
// The body steps the counter by two, from the thread's index: thread t
// runs the loop for k = t, t + 2, ... < 64, that is (63 - t) / 2 + 1
// times: 32 times for threads 0 and 1, 31 for threads 2 and 3, so they
// reach different numbers of barriers.
__global__ void uneven(float *out) {
  __shared__ float s[64];
  for (int k = threadIdx.x; k < 64;) { // want divergence
    __syncthreads();
    k += 1;
    s[threadIdx.x] = k;
    k += 1;
  }
  out[threadIdx.x] = s[threadIdx.x];
}
