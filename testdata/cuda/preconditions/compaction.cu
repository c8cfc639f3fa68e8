// expect: compact_drf=drf, wraps_racy=racy, weak_racy=racy
//--blockDim=128 --gridDim=8
// Stream compaction given the specification of an exclusive prefix sum of
// the flags as a precondition about pairs (Chong, Donaldson, Kelly, Ketema
// and Qadeer, "Barrier Invariants", Section 4): for threads s < t,
// scan[s] + flag[s] <= scan[t], without overflow.

// Two threads s < t that both keep their element have flag[s] >= 1, so
// scan[s] < scan[s] + flag[s] <= scan[t]: different cells of out.
#define o __other_int(i)
__global__ void compact_drf(const unsigned *flag, const unsigned *scan, unsigned *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(__implies(i < o, scan[i] + flag[i] <= scan[o]));
  __requires(__implies(i < o, __add_noovfl(scan[i], flag[i])));
  if (flag[i]) {
    out[scan[i]] = i;
  }
}

// Without the second precondition the sum may wrap around 2^32: with
// scan[s] = 0xffffffff and flag[s] = 1 it is 0, which is <= scan[t] =
// 0xffffffff, and both threads write out[0xffffffff].
__global__ void wraps_racy(const unsigned *flag, const unsigned *scan, unsigned *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(__implies(i < o, scan[i] + flag[i] <= scan[o]));
  if (flag[i]) {
    out[scan[i]] = i; // want race
  }
}

// scan only non-decreasing (a sum of the flags before it, inclusive of
// none): two kept elements may get one position.
__global__ void weak_racy(const unsigned *flag, const unsigned *scan, unsigned *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(__implies(i < o, scan[i] <= scan[o]));
  if (flag[i]) {
    out[scan[i]] = i; // want race
  }
}
