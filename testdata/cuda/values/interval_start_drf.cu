// expect: drf
//--blockDim=64 --gridDim=1
// Every thread reads s[0] in an interval where the threads also store, but
// only to cells no one reads there (s[64 + t]): no store of s[0] can run
// in the interval without racing with the reads, so every thread reads
// the value s[0] had when the interval began, the same v. Then
// (v + t) % 64 is a rotation: distinct cells of out.
__global__ void interval_start(int *out, const int *in) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int v = s[0];
  s[64 + t] = t;
  out[(unsigned)(v + t) % 64u] = t;
}
