// expect: barrier_first_racy=racy, maybe_skipped_racy=racy, rest_of_iteration_racy=racy
//--blockDim=32 --gridDim=1
// What may share an interval with a read after a loop with barriers.

// The barrier opens the body: the last iteration's stores come after it,
// and thread 0's store of s[0] is in the interval where the others read
// s[0] after the loop.
__global__ void barrier_first_racy(const int *in, int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x];
  for (int i = 16; i > 0; i /= 2) {
    __syncthreads();
    if (threadIdx.x < i)
      s[threadIdx.x] += s[threadIdx.x + i]; // want race
  }
  out[0] = s[0]; // want race
}

// n may be 0: the loop is then left from its entry, and the store before
// it is in the interval of the reads after it.
__global__ void maybe_skipped_racy(const int *in, int *out, int n) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x]; // want race
  for (int i = 0; i < n; i++) {
    __syncthreads();
  }
  out[threadIdx.x] = s[(threadIdx.x + 1) % 32]; // want race
}

// After the barrier, the rest of an iteration reads what the next
// iteration stores before its barrier: thread t reads s[t + 1] while
// thread t + 1, already in the next iteration, stores it.
__global__ void rest_of_iteration_racy(const int *in, int *out) {
  __shared__ int s[33];
  int v = 0;
  for (int i = 0; i < 4; i++) {
    s[threadIdx.x] = in[threadIdx.x] + i; // want race
    __syncthreads();
    v += s[threadIdx.x + 1]; // want race
  }
  out[threadIdx.x] = v;
}
