// expect: racy
//--blockDim=[16,16] --gridDim=1
// The tiled multiplication without its second barrier (loops/
// matmul_missing_sync_racy.cu), its races accepted by suppression comments
// at one access of each pair: both are still reported, as suppressed, and
// the run exits 0. The comment before a line covers it; one at the end of
// a line covers that line.
#define TILE 16

__global__ void matmul(float *C, const float *A, const float *B, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; t++) {
    // drfcheck:ignore race the caller launches one tile per block (an example of a reason)
    As[ty][tx] = A[row * n + t * TILE + tx];   // want race t=1 suppressed
    Bs[ty][tx] = B[(t * TILE + ty) * n + col]; // drfcheck:ignore race,unknown the same reason // want race t=1 suppressed
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += As[ty][k] * Bs[k][tx]; // want race t=0 suppressed
  }
  if (row < n && col < n)
    C[row * n + col] = sum;
}
