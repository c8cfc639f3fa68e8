// expect: drf
//--blockDim=[16,16] --gridDim=[*,*]
// Tiled matrix multiplication: each iteration of t loads a tile of A and of
// B into shared memory (one cell per thread), synchronizes, reads the
// tiles, and synchronizes again before the next iteration overwrites them.
// The result is written once per thread, at a (row, col) that differs
// between any two threads of the grid (row < n and col < n).
#define TILE 16

__global__ void matmul(float *C, const float *A, const float *B, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = sum;
}
