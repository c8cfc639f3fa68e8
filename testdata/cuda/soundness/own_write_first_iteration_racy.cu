// expect: racy
//--blockDim=64 --gridDim=1
// In the first iteration a thread reads total before it has written it:
// another thread's write of the same value may or may not have landed.
// From the second iteration on, the read follows the thread's own write.
__global__ void k(int *out, int n) {
  __shared__ int total;
  for (int i = 0; i < n; i++) {
    out[threadIdx.x] += total; // want race
    total = n; // want race
  }
}
