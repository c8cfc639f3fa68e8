// expect: drf
//--blockDim=32 --gridDim=1
// An __assume in the middle of the kernel guards what follows it: only
// threads whose index is even make the second write, so thread t writes
// A[64 + t / 2] and threads t and t + 1 never both write.
__global__ void evens(int *A) {
  int t = threadIdx.x;
  A[t] = 0;
  __assume(t % 2 == 0);
  A[64 + t / 2] = t;
}
