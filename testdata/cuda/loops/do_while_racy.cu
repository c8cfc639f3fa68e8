// expect: racy
//--blockDim=[*,1,1] --gridDim=1
// Thread 0 at the second iteration (k = 1) and thread 1 at the first both
// write out[1].
__global__ void steps(int *out, int n) {
  int k = 0;
  do {
    out[k + threadIdx.x] = k; // want race
    k++;
  } while (k < n);
}
