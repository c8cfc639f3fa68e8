// expect: racy
//--blockDim=64 --gridDim=1
// The same scan in place, the bug double buffering avoids: at offset 1,
// thread 2 reads temp[1] while thread 1 writes it.
__global__ void scan(float *g_odata, const float *g_idata, int n) {
  __shared__ float temp[64];
  int thid = threadIdx.x;
  temp[thid] = g_idata[thid];
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    if (thid >= offset)
      temp[thid] += temp[thid - offset]; // want race
    __syncthreads();
  }
  g_odata[thid] = temp[thid];
}
