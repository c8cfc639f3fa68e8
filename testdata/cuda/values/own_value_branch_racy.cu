// expect: racy
//--blockDim=64 --gridDim=1
// The odd threads overwrite their own store in a branch: they read 0 back,
// so threads 1 and 3 both write out[0].
__global__ void own_value_branch(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (t % 2) s[t] = 0;
  out[s[t]] = t; // want race
}
