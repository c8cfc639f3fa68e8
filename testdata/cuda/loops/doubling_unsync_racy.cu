// expect: racy
//--blockDim=32 --gridDim=1
// Thread 0 writes out[2] when m = 2 and thread 1 when m = 1: a real race
// (both values are powers of two).
__global__ void powers(int *out) {
  for (int m = 1; m < 32; m *= 2)
    out[threadIdx.x + m] = m; // want race
}
