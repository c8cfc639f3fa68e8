// expect: racy
//--blockDim=64 --gridDim=1
// Between the two reads of s[t + 1] lie two barriers, and between those
// thread t - 1 overwrites the cell with 99 + t (race free): for t >= 1,
// a is t + 1 (s[64] is never written: t = 63 reads whatever it holds) and
// b is 99 + t, so every such thread writes out[0] (and thread 0, for which
// a == b == 1, writes out[0] too).
__global__ void read_again(int *out) {
  __shared__ int s[66];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int a = s[t + 1];
  __syncthreads();
  s[t + 2] = 100 + t;
  __syncthreads();
  int b = s[t + 1];
  if (a == b)
    out[t] = t; // want race
  else
    out[0] = t; // want race
}
