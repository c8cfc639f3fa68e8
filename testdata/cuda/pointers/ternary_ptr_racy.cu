// expect: racy
//--blockDim=32 --gridDim=1
// Threads 0 and 8 both choose a and write a[0].
__global__ void split(int *a, int *b) {
  int t = threadIdx.x;
  int *dst = t < 16 ? a : b;
  dst[t % 8] = t; // want race
}
