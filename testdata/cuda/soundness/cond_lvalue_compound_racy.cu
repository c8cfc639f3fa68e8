// expect: racy
//--blockDim=64 --gridDim=1
// A compound assignment to a conditional lvalue reads and writes the
// object of its arm: odd threads all update x (threads 1 and 3 race), even
// threads all update y.
__global__ void bump(int *out) {
  __shared__ int x;
  __shared__ int y;
  int tid = threadIdx.x;
  (tid % 2 ? x : y) += 1; // want race
}
