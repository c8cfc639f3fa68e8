// expect: drf
//--blockDim=[32,8] --gridDim=1
// Claim 1, test 1, fixed (Cogumbreiro et al., Section 6: "The DRF version adds a sync
// after the second inner loop"). Each iteration of r now ends with a
// barrier, so the reads of iteration r and the writes of r + 1 are in
// different phases. Within a phase thread (x, y) writes tile[y + i][x] for
// i in {0, 8, 16, 24} with y < 8: (x, y, i) is determined by the cell, so no
// two threads write the same cell; the other phases only read tile.
//
// With one block the matrix is one 32x32 tile; the __requires says so
// (without it, a height below 32 would make the odata rows of different
// threads overlap, a race of its own that this test is not about).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeDiagonal(float *odata, float *idata, int width, int height, int nreps) {
  __requires(width == TILE_DIM && height == TILE_DIM);
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  // diagonal reordering
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex)*width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex)*height;
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    }
    __syncthreads();
  }
}
