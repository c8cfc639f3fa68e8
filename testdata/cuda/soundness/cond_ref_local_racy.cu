// expect: racy
//--blockDim=64 --gridDim=1
// Through a conditional lvalue, odd threads add 1 to x: thread t writes
// out[t + (t odd)], so threads 1 and 2 both write out[2].
__global__ void shift(int *out) {
  int x = 0, y = 0;
  int tid = threadIdx.x;
  (tid % 2 ? x : y) += 1;
  out[tid + x] = threadIdx.x; // want race
}
