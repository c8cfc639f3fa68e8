// expect: racy
//--blockDim=[32,8] --gridDim=1
// Claim 1, test 1 (Cogumbreiro et al., Listing 2.1, left): transposeDiagonal from the
// NVIDIA matrix transpose tutorial, repeated nreps times. There is no
// barrier between the reads of tile at the end of iteration r and the
// writes of iteration r + 1: thread (1,0) reads tile[1][0] (j = 0) while
// thread (0,1) writes tile[1][0] (i = 0) in the next iteration. The paper's
// witness is r = 1 and nreps = 2.
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
      tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width]; // want race r=1
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i]; // want race r=0
    }
  }
}
