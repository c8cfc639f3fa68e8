// expect: drf
//--blockDim=256 --gridDim=1 --warp-sync
// A block-wide tree reduction repeated for several vectors, written for
// lock-step warps: the last level (stride 1) reads acc[1] in thread 0 with
// no barrier before the next vector's first writes, where thread 1 writes
// acc[1]. Threads 0 and 1 are in one warp, and under lock-step the warp
// runs the strided loops together: each thread of the warp runs the loop
// over i the same number of times (four: i = t, t + 256, ... < 1024) and
// the loop over p 64 times (p from base + i to base + 65536 by 1024),
// even though their values differ, so thread 1's write comes after thread
// 0's read. (Without --warp-sync the same pair races:
// lockstep_strided_loops_racy.cu.)
__global__ void dots(float *out, const float *a, int vectors) {
  __shared__ float acc[1024];
  for (int v = 0; v < vectors; v++) {
    int base = v * 65536;
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
      float sum = 0;
      for (int p = base + i; p < base + 65536; p += 1024)
        sum += a[p];
      acc[i] = sum;
    }
    for (int stride = 512; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        acc[i] += acc[stride + i];
    }
    if (threadIdx.x == 0)
      out[v] = acc[0];
  }
}
