// expect: racy
//--blockDim=[16,16] --gridDim=1
// The tiled multiplication without its second barrier, a classic bug: the
// tiles of iteration t + 1 are written while slower threads still read
// those of iteration t. Thread (1,0) writes As[0][1] at t = 1 while thread
// (0,0) reads As[0][1] (k = 1) at t = 0; the same for Bs.
#define TILE 16

__global__ void matmul(float *C, const float *A, const float *B, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];   // want race t=1
    Bs[ty][tx] = B[(t * TILE + ty) * n + col]; // want race t=1
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += As[ty][k] * Bs[k][tx]; // want race t=0
  }
  if (row < n && col < n)
    C[row * n + col] = sum;
}
