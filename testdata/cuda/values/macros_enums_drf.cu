// expect: drf
//--blockDim=[16,16] --gridDim=1
// Macros, enums, typedefs and constants: the preprocessor and clang's
// constant evaluation give the inference plain numbers.
#include <cuda.h>
#define WIDTH 16
#define AT(r, c) ((r) * WIDTH + (c))
enum Layout { ROWS = 16, COLS = ROWS, PAD = 1 };
typedef float real;
const int HALF = WIDTH / 2;

__global__ void layout(real *out) {
  __shared__ real tile[ROWS][COLS + PAD];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[AT(threadIdx.y, threadIdx.x)] = tile[(threadIdx.x + HALF) % WIDTH][threadIdx.y];
}
