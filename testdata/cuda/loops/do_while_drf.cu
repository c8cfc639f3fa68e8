// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// A do-while loop runs at least once; k is an induction variable: at
// iteration j it is 4 * j, and thread t writes out[4j * blockDim.x + t].
__global__ void steps(int *out, int n) {
  int k = 0;
  do {
    out[k * blockDim.x + threadIdx.x] = k;
    k += 4;
  } while (k < n);
}
