// expect: drf
//--blockDim=4 --gridDim=1
// Stream compaction through Blelloch's work-efficient exclusive scan (Chong
// et al., "Barrier Invariants", Figure 2 and Section 4.1), 8 elements, 4
// threads, with barrier invariants that the seed's tree gives:
//   - upsweep: after the level of offset o, the right child of thread w,
//     cell o*(w+1) - 1, holds the sum of the flags of [o*w, o*(w+1)); it is
//     checked by its writer and assumed for 2t and 2t + 1, whose cells the
//     next level reads;
//   - downsweep: after the level of offset 2o, writer w's cells
//     2o*(2w+1) - 1 and 2o*(2w+2) - 1 hold the exclusive prefixes P(4ow)
//     and P(4ow + 2o); assumed for t / 2, whose cells thread t reads.
// A left child the downsweep reads was written by the upsweep several
// barriers back, where no invariant can speak of it (the check knows only
// what the pair accessed since the last barrier): the thread that reads it
// reads it again in every interval (keep), and a thread remembers what it
// read, one barrier at a time. The loops' iterations are fixed by their
// text and checked one by one. After the scan cell x holds P(x), the flags
// of [0, x): two kept elements get different cells of out.
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
  if (data[2 * t] != 0)
    out[s[2 * t]] = data[2 * t] + keep;
  if (data[2 * t + 1] != 0)
    out[s[2 * t + 1]] = data[2 * t + 1];
}
