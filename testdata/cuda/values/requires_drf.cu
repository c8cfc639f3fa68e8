// expect: drf
//--blockDim=32 --gridDim=1
// __requires (GPUVerify's precondition annotation) is an assumption of the
// whole run: with n >= 32 the two writes of a thread are at least n apart
// from each other's, and the other annotations are accepted and ignored.
__global__ void offset(int *A, int n) {
  __requires(n >= 32);
  A[threadIdx.x] = 0;
  for (int i = 0; __invariant(i >= 0), i < 1; i++)
    A[threadIdx.x + n] = 1;
}
