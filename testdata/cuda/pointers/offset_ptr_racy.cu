// expect: racy
//--blockDim=32 --gridDim=1
// p points one past A: thread 0 writes p[0], which is A[1], while thread 1
// writes A[1].
__global__ void shifted(float *A) {
  float *p = A + 1;
  p[threadIdx.x] = 1.0f; // want race
  A[threadIdx.x] = 2.0f; // want race
}
