// expect: racy
//--blockDim=128 --gridDim=1
// shift_table_scan_drf.cu with the clear done by thread 1 instead of 0:
// the up-sweep's last iteration (d == 1, offset == 128) has thread 0 add
// into sums[255], and no barrier separates it from thread 1 clearing it.
// The exact table of d (its last value is 1) does not hide this race.
#define M 256
__global__ void scan256(int *out, const int *in) {
  __shared__ int sums[M];
  unsigned t = threadIdx.x;
  int offset = 1;
  sums[2 * t] = in[2 * t];
  sums[2 * t + 1] = in[2 * t + 1];
  for (int d = M >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      sums[b] += sums[a]; // want race
    }
    offset *= 2;
  }
  if (t == 1)
    sums[M - 1] = 0; // want race
  for (int d = 1; d < M; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      int v = sums[a];
      sums[a] = sums[b];
      sums[b] += v;
    }
  }
  __syncthreads();
  out[2 * t] = sums[2 * t];
  out[2 * t + 1] = sums[2 * t + 1];
}
