// expect: racy
//--blockDim=64 --gridDim=1
// A reference bound to a conditional lvalue refers to the object of the
// arm taken: odd threads write x through r (threads 1 and 3 race).
__global__ void alias(int *out) {
  __shared__ int x;
  __shared__ int y;
  int tid = threadIdx.x;
  int &r = tid % 2 ? x : y;
  r = tid; // want race
}
