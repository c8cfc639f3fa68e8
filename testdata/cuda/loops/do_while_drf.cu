// expect: drf
//--blockDim=[*,1,1] --gridDim=1
// A do-while loop runs at least once; k is an induction variable: at
// iteration j it is 4 * j, and thread t writes out[4j * blockDim.x + t].
// The index is computed in 64 bits: in 32 (k * blockDim.x is unsigned) it
// would wrap around for n * blockDim.x beyond 2^32 (wrap/row_index_racy.cu).
__global__ void steps(int *out, int n) {
  int k = 0;
  do {
    out[(unsigned long)k * blockDim.x + threadIdx.x] = k;
    k += 4;
  } while (k < n);
}
