// expect: drf
//--blockDim=64 --gridDim=1
// The defaults given by a prototype are the arguments of a call that
// leaves them out: put(s, t) stores at s[t * 2 + 1] (stride 2, offset 1),
// odd elements only, while each thread also stores its own even element
// s[2t]. No two threads store into one element. (With stride 1 and offset
// 0, threads t and 2t would collide: the defaults decide it.)
__device__ void put(int *s, int t, int stride = 2, int offset = 1);

__device__ void put(int *s, int t, int stride, int offset) {
  s[t * stride + offset] = t;
}

__global__ void defaults(int *out) {
  __shared__ int s[128];
  put(s, threadIdx.x);
  s[2 * threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
