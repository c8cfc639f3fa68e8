// expect: racy
//--blockDim=64 --gridDim=1
// The butterfly without its barrier: thread 0 reads s[1] while thread 1
// writes it.
__global__ void exchange(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;          // want race
  out[threadIdx.x] = s[threadIdx.x ^ 1]; // want race
}
