// expect: racy, clean=drf
//--blockDim=64 --gridDim=1
// A suppression comment on the lines before a kernel covers every finding
// of its rule in the kernel, and nothing in the other kernels of the file.

// a remark that is not a directive, between the directive and the kernel
// drfcheck:ignore race every thread writes the flag it read: an accepted idiom here
// (a second comment line)
__global__ void flags(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = n; // want race suppressed
  out[0] = s[(threadIdx.x + 1) % 64]; // want race suppressed
}

__global__ void clean(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
