// expect: tile=drf, chosen=drf, chosen_racy=racy
//--blockDim=64 --gridDim=1
// A struct read from one of two places chosen by a condition
// (c ? a[i] : a[j], c ? s1 : s2): the value is the chosen object's, its
// pointer fields included, and the read reads whichever place is chosen.
__global__ void tile(float4 *pos, float4 *out, bool other) {
  __shared__ float4 sh[64];
  int t = threadIdx.x;
  sh[t] = other ? pos[t + 64] : pos[t];
  __syncthreads();
  out[t] = sh[63 - t];
}

struct Slot { int i; int *q; };

// a[t] or b[t + 1]: each thread its own cell of whichever array
__global__ void chosen(int *a, int *b, bool first) {
  int t = threadIdx.x;
  Slot s1 = {t, a}, s2 = {t + 1, b};
  Slot s = first ? s1 : s2;
  s.q[s.i] = t;
}

// s2 points every thread at b[0]
__global__ void chosen_racy(int *a, int *b, bool first) {
  int t = threadIdx.x;
  Slot s1 = {t, a}, s2 = {0, b};
  Slot s = first ? s1 : s2;
  s.q[s.i] = t; // want race
}
