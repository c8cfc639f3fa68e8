// expect: racy
//--blockDim=4 --gridDim=1
// The Blelloch compaction of blelloch_compact_drf.cu with the flag tests
// left out: a dropped element (flag 0) has the same prefix as the next
// element, and both threads write that cell of out.
#define F(i) (data[i] != 0 ? 1 : 0)
#define IN(i, lo, hi) (((lo) <= (i) && (i) < (hi)) ? F(i) : 0)
#define SUM(lo, hi) (IN(0, lo, hi) + IN(1, lo, hi) + IN(2, lo, hi) + IN(3, lo, hi) + IN(4, lo, hi) + IN(5, lo, hi) + IN(6, lo, hi) + IN(7, lo, hi))
#define P(x) SUM(0, x)
__global__ void compact(const int *data, int *out) {
  __shared__ int s[8];
  int t = threadIdx.x;
  s[2 * t] = F(2 * t);
  s[2 * t + 1] = F(2 * t + 1);
  int offset = 1, keep = 0;
  for (int d = 4; d > 0; d >>= 1) {
    __barrier_invariant(offset == 1 || t >= 2 * d || s[offset * (t + 1) - 1] == SUM(offset * t, offset * (t + 1)), 2 * t, 2 * t + 1);
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    keep += s[2 * t];
    if (t < 2 && offset > 2)
      keep += s[4 * t + 1];
    offset *= 2;
  }
  if (t == 0)
    s[7] = 0;
  for (int d = 1; d < 8; d *= 2) {
    offset >>= 1;
    __barrier_invariant(offset == 4 || t >= d / 2 ||
                        (s[2 * offset * (2 * t + 1) - 1] == P(4 * offset * t) &&
                         s[2 * offset * (2 * t + 2) - 1] == P(4 * offset * t + 2 * offset)), t / 2);
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      int tmp = s[ai];
      s[ai] = s[bi];
      s[bi] += tmp;
    }
    if (offset > 1)
      keep += s[2 * t];
    if (t < 2 && offset == 4)
      keep += s[4 * t + 1];
  }
  __syncthreads();
  out[s[2 * t]] = data[2 * t] + keep; // want race
  out[s[2 * t + 1]] = data[2 * t + 1]; // want race
}
