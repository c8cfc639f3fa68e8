// expect: racy
//--blockDim=8 --gridDim=1
// The Kogge-Stone compaction of kogge_stone_compact_drf.cu with an
// off-by-one offset (t - offset + 1 for t - offset): in the first step
// thread t adds its own cell twice, the invariant after the step does not
// hold and is reported, checked rather than trusted. It is then assumed,
// so the scatter is checked as if it held.
#define F(i) (data[i] != 0 ? 1 : 0)
#define W(i, w) ((t - (w) < (i) && (i) <= t) ? F(i) : 0)
#define SUM(w) (W(0, w) + W(1, w) + W(2, w) + W(3, w) + W(4, w) + W(5, w) + W(6, w) + W(7, w))
__global__ void compact(const int *data, int *out) {
  __shared__ int s[8];
  int t = threadIdx.x;
  s[t] = F(t);
  __barrier_invariant(s[t] == SUM(1), t, t - 1);
  __syncthreads();
  for (int offset = 1; offset < 8; offset *= 2) {
    int sum = s[t];
    if (t >= offset)
      sum += s[t - offset + 1];
    __syncthreads();
    s[t] = sum;
    __barrier_invariant(s[t] == SUM(2 * offset), t, t - 2 * offset); // want invariant
    __syncthreads();
  }
  if (data[t] != 0)
    out[s[t] - 1] = data[t];
}
