// expect: racy
//--blockDim=64 --gridDim=1
// Two races, each accepted by a suppression comment at one of its
// accesses: both are still reported, as suppressed, and the run exits 0.
// Thread i + 1 writes s[i + 1] while thread i reads it; thread 63 - i
// writes t[63 - i] while thread i reads it. The comment on a line of its
// own covers the next line; the one at the end of a line covers that line.
__global__ void rotate(int *out, int n) {
  __shared__ int s[64];
  __shared__ int t[64];
  int i = threadIdx.x;
  // drfcheck:ignore race the caller launches one warp per block (an example of a reason)
  s[i] = n;                 // want race suppressed
  out[i] = s[(i + 1) % 64]; // want race suppressed
  t[i] = i; // drfcheck:ignore race,unknown the same reason // want race suppressed
  out[i] += t[63 - i];      // want race suppressed
}
