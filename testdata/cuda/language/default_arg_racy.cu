// expect: racy
//--blockDim=64 --gridDim=1
// Default arguments: the value of an argument left out of a call is the
// default of the parameter, which C++ lets a prototype give before the
// definition. put(s, t) stores at s[t * stride + offset] with stride 1 and
// offset 0 (the prototype's defaults): each thread its own element;
// put(s, t, 0) makes every thread store into s[0], a race.
__device__ void put(int *s, int t, int stride = 1, int offset = 0);

__device__ void put(int *s, int t, int stride, int offset) {
  s[t * stride + offset] = t; // want race
}

__device__ int scaled(int x, int k = 2) { return x * k; }

__global__ void defaults(int *out) {
  __shared__ int s[128];
  put(s, threadIdx.x);
  put(s, scaled(threadIdx.x), 1, 64 - scaled(threadIdx.x)); // s[64]: every thread
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
