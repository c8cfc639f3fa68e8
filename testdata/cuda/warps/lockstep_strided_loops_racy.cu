// expect: racy
//--blockDim=256 --gridDim=1
// lockstep_strided_loops_drf.cu without --warp-sync: under independent
// thread scheduling nothing orders thread 0's read of acc[1], in the last
// level of one vector's reduction, before thread 1's write of acc[1] for
// the next vector (no barrier between them), nor thread 0's read of acc[0]
// for out[v] before its own... (one pair is enough: the report names the
// first).
__global__ void dots(float *out, const float *a, int vectors) {
  __shared__ float acc[1024];
  for (int v = 0; v < vectors; v++) {
    int base = v * 65536;
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
      float sum = 0;
      for (int p = base + i; p < base + 65536; p += 1024)
        sum += a[p];
      acc[i] = sum; // want race
    }
    for (int stride = 512; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        acc[i] += acc[stride + i]; // want race
    }
    if (threadIdx.x == 0)
      out[v] = acc[0];
  }
}
