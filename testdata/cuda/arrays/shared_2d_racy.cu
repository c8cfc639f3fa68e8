// expect: racy
//--blockDim=[16,16] --gridDim=1
// The transpose without its barrier: thread (1,0) writes tile[0][1] while
// thread (0,1) reads it.
#define T 16
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[T][T + 1];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * T + x]; // want race
  out[y * T + x] = tile[x][y]; // want race
}
