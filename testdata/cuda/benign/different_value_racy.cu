// expect: racy
//--blockDim=64 --gridDim=1
// All threads write last[0], but each writes its own index: threads 0 and
// 1 write 0 and 1, different values, a real race. The write of a value the
// front end does not track (a float) is not known to be the same either.
__global__ void mark(int *last, float *scale) {
  last[0] = threadIdx.x; // want race
  scale[0] = 0.5f;       // want race
}
