// expect: drf
//--blockDim=8 --gridDim=1
// Stream compaction through a Kogge-Stone inclusive scan of the flags
// (Chong et al., "Barrier Invariants", Sections 2 and 4.2), 8 threads.
// After the step of offset o, cell x holds the sum of the flags of the
// window (x - 2o, x]; SUM(w) says so with one term per element, each the
// flag of a constant index (data is never written, so every thread knows
// all of it). Each invariant is checked with what the thread stored (its
// own cell: the two cells it read in the step, which the previous
// invariant gave for t and t - o) and assumed for t and t - 2o, the cells
// the next step reads. The loop's iterations are fixed by its text, and
// it is checked iteration by iteration (what the invariant says after the
// last barrier of one iteration is needed at the top of the next). After
// the last step cell t holds the flags of [0, t]: two threads that both
// keep their element (flag 1) hold different sums, so no two write one
// cell of out.
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
      sum += s[t - offset];
    __syncthreads();
    s[t] = sum;
    __barrier_invariant(s[t] == SUM(2 * offset), t, t - 2 * offset);
    __syncthreads();
  }
  if (data[t] != 0)
    out[s[t] - 1] = data[t];
}
