// expect: drf
//--blockDim=32 --gridDim=1
// *(A + i) is A[i]: thread t writes A[2t] and A[2t + 1].
__global__ void pairs(int *A) {
  *(A + 2 * threadIdx.x) = 0;
  *(A + 2 * threadIdx.x + 1) = 1;
}
