// expect: racy
//--blockDim=4 --gridDim=1
// The Brent-Kung compaction of brent_kung_compact_drf.cu with the flag
// tests left out: a dropped element (flag 0) has the inclusive sum of the
// element before it, and both threads write that cell of out (with every
// flag 0, every element writes out[-1]).
#define F(i) (data[i] != 0 ? 1 : 0)
#define IN(i, lo, hi) (((lo) <= (i) && (i) < (hi)) ? F(i) : 0)
#define SUM(lo, hi) (IN(0, lo, hi) + IN(1, lo, hi) + IN(2, lo, hi) + IN(3, lo, hi) + IN(4, lo, hi) + IN(5, lo, hi) + IN(6, lo, hi) + IN(7, lo, hi))
__global__ void compact(const int *data, int *out) {
  __shared__ int s[8];
  int t = threadIdx.x, keep = 0;
  s[2 * t] = F(2 * t);
  s[2 * t + 1] = F(2 * t + 1);
  for (int stride = 1; stride <= 4; stride *= 2) {
    __barrier_invariant(stride == 1 || (t + 1) * stride > 8 || s[(t + 1) * stride - 1] == SUM(stride * t, stride * (t + 1)), 2 * t, 2 * t + 1);
    __syncthreads();
    int index = (t + 1) * stride * 2 - 1;
    if (index < 8)
      s[index] += s[index - stride];
    keep += s[2 * t];
    if (t == 2 && stride > 1)
      keep += s[5];
    if (t == 0 && stride == 4)
      keep += s[1];
  }
  for (int stride = 2; stride > 0; stride /= 2) {
    __barrier_invariant(stride != 2 || t != 2 || s[5] == SUM(4, 6), t + 2);
    __barrier_invariant(stride != 1 || t != 0 || (s[3] == SUM(0, 4) && s[5] == SUM(0, 6)), 0);
    __barrier_invariant(stride != 1 || s[2 * t] == F(2 * t), t + 1);
    __syncthreads();
    int index = (t + 1) * stride * 2 - 1;
    if (index + stride < 8)
      s[index + stride] += s[index];
    if (stride > 1)
      keep += s[2 * t];
    if (t == 0)
      keep += s[1] + s[7];
    if (t == 0 && stride == 1)
      keep += s[0] + s[3];
  }
  __barrier_invariant(t >= 3 || s[2 * t + 2] == SUM(0, 2 * t + 3), t - 1);
  __barrier_invariant(t != 0 || (s[0] == SUM(0, 1) && s[1] == SUM(0, 2) && s[3] == SUM(0, 4) && s[7] == SUM(0, 8)), 0);
  __syncthreads();
  out[s[2 * t] - 1] = data[2 * t] + keep; // want race
  out[s[2 * t + 1] - 1] = data[2 * t + 1]; // want race
}
