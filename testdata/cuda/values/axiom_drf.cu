// expect: drf
//--gridDim=1
// __axiom states a fact about every launch of the file's kernels (as in
// GPUVerify); drfcheck takes it as a precondition of each kernel. Here
// blocks have exactly 64 threads, so threadIdx.x % 64 is the thread's own
// index and no two threads write one element. Without the axiom a block of
// more than 64 threads would have threads 0 and 64 write A[0].
__axiom(blockDim.x == 64);

__global__ void wrap(int *A) {
  A[threadIdx.x % 64] = threadIdx.x;
}
