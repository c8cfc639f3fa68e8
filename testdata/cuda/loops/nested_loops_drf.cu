// expect: drf
//--blockDim=[16,16] --gridDim=1
// Nested loops with <= and != bounds and steps: thread (x, y) writes
// out[(i * 16 + y) * 64 + j * 16 + x] for its own (x, y): the (i, j) pair
// and the thread determine the cell.
__global__ void blocks(float *out, int n) {
  for (int i = 0; i <= 3; i++)
    for (int j = 0; j != 4; ++j)
      out[(i * 16 + threadIdx.y) * 64 + j * 16 + threadIdx.x] = 0.0f;
}
