// expect: drf
//--blockDim=64 --gridDim=1
// The naive (Hillis-Steele) scan of GPU Gems 3, with double buffering: at
// each step threads read the pin half and write the pout half, which swap
// after each barrier. With n = blockDim.x the halves never overlap: a
// write at pout * n + t1 and a read at pin * n + t2 - offset, with
// pin = 1 - pout, would need (1 - 2 pin) n = t2 - offset - t1, which is
// strictly between -n and n and not 0 (1 - 2 pin is odd).
__global__ void scan(float *g_odata, const float *g_idata, int n) {
  __requires(n == 64);
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout * n + thid] += temp[pin * n + thid - offset];
    else
      temp[pout * n + thid] = temp[pin * n + thid];
    __syncthreads();
  }
  g_odata[thid] = temp[pout * n + thid];
}
