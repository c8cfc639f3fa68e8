// expect: racy
//--blockDim=64 --gridDim=1
// A __requires inside a device function is the function's precondition,
// which this caller breaks for threads 32 to 39 (i = tid % 40). It is not
// a precondition of the kernel: thread 35 writes out[35], and so does
// thread 0 afterwards.
__device__ void put(int *s, int i) {
  __requires(i < 32);
  s[i] = 1; // want race
}
__global__ void caller(int *out) {
  put(out, threadIdx.x % 40);
  if (threadIdx.x == 0) out[35] = 2; // want race
}
