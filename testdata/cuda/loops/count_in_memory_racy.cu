// expect: racy
//--blockDim=64 --gridDim=1
// Even threads count their cell up by 2, odd ones by 1: after k rounds
// thread 0 holds 2 * k and thread 1 holds 2 + k, equal after two rounds.
// The step differs between threads, yet it is the same in every round for
// each: the cell is known at each round's head (2 * t + k * step), and
// the write of out at the count races for n >= 2 (threads 0 and 1 write
// out[4] in round 2 with different values).
__global__ void count(int *out, int n) {
  __shared__ int c[64];
  int t = threadIdx.x;
  c[t] = 2 * t;
  for (int i = 0; i < n; i++) {
    c[t] += (t & 1) ? 1 : 2;
    out[c[t]] = t; // want race
  }
}
