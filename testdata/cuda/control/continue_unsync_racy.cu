// expect: racy
//--blockDim=32 --gridDim=1
// continue skips the rest of an iteration; the writes after it still
// overlap: thread 1 at i = 0 and thread 0 at i = 1 write out[1].
__global__ void skip(int *out, const int *flags, int n) {
  for (int i = 0; i < n; i++) {
    if (flags[i] == 0)
      continue;
    out[threadIdx.x + i] = i; // want race
  }
}
