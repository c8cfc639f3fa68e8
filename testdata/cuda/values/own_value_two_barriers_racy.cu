// expect: racy
//--blockDim=64 --gridDim=1
// Two barriers lie between a thread's store and its read, and between them
// the even threads overwrite their odd neighbours' cells, race free (the
// first barrier orders them after the stores). Every odd thread t then
// reads 0 from s[t]: threads 1 and 3 both write out[0]. A thread's own
// store is remembered across one barrier only.
__global__ void own_value_two_barriers(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  if (t % 2 == 0) s[t + 1] = 0;
  __syncthreads();
  out[s[t]] = t; // want race
}
