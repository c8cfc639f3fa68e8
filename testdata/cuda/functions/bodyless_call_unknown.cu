// expect: unknown
//--blockDim=64 --gridDim=1
// A function without a body receiving a pointer into a shared array could
// access it anywhere: unknown.
extern __device__ void process(float *buf, int i);

__global__ void kernel(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  process(s, threadIdx.x); // want unknown
  out[threadIdx.x] = 0.0f;
}
