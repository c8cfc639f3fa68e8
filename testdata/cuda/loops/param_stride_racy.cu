// expect: racy
//--gridDim=1
// A stride loop whose stride is a parameter: with stride = 1 and n = 2,
// threads 0 and 1 both write out[1]. C guarantees a positive stride when
// the loop runs (it would never end otherwise), so the race is shown with
// values that run, not left unknown.
__global__ void fill(int *out, int n, int stride) {
  for (int i = threadIdx.x; i < n; i += stride)
    out[i] = threadIdx.x; // want race
}
