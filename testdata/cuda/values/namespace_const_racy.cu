// expect: wrap=racy, symbol=racy
//--blockDim=64 --gridDim=1
// wrap: WIDTH is 32 (a const of namespace scope is its initializer), so
// threads 0 and 32 both write s[0].
// symbol: a __constant__ variable is memory the host may write
// (cudaMemcpyToSymbol) whatever its initializer says, so STRIDE may be 0
// when the kernel runs, and every thread then writes t[0].
const unsigned int WIDTH = 32;
__constant__ int STRIDE = 2;

__global__ void wrap(float *out) {
  __shared__ float s[32];
  s[threadIdx.x % WIDTH] = out[threadIdx.x]; // want race
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void symbol(float *out) {
  __shared__ float t[128];
  t[threadIdx.x * STRIDE] = out[threadIdx.x]; // want race
  __syncthreads();
  out[threadIdx.x] = t[0];
}
