// expect: racy
//--blockDim=64 --gridDim=1
// All threads write last[0], but each writes its own index: threads 0 and
// 1 write 0 and 1, different values, a real race. Every thread writes the
// same float, 0.5f, to scale[0]: the same bytes, a benign pair (a float is
// carried as its bits: float_same_value_drf.cu).
__global__ void mark(int *last, float *scale) {
  last[0] = threadIdx.x; // want race
  scale[0] = 0.5f;
}
