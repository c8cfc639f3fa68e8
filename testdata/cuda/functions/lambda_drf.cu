// expect: drf
//--blockDim=64 --gridDim=1
// A lambda capturing the shared array by reference is inlined like any
// function.
__global__ void kernel(int *out) {
  __shared__ int s[64];
  auto put = [&](int i, int v) { s[i] = v; };
  put(threadIdx.x, 1);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
