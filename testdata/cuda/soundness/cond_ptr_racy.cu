// expect: racy
//--blockDim=64 --gridDim=1
// A pointer chosen by a thread-dependent condition: odd threads write a[0],
// even ones b[0] (threads 0 and 2 race on b, 1 and 3 on a).
__global__ void choose(int *a, int *b) {
  int tid = threadIdx.x;
  int *p = tid % 2 ? a : b;
  p[0] = tid;                 // want race
  (tid % 2 ? a : b)[1] = tid; // want race
}
