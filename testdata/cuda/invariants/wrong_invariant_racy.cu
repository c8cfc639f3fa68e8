// expect: racy
//--blockDim=256 --gridDim=1
// The invariant claims what the threads did not store: thread t stored
// 254 - t, not 255 - t. It is checked, not trusted (Chong et al., rule
// A-BAR-ERR), and reported with a thread for which it fails (any thread:
// each one stored its own cell). The scatter below is race free with the
// values really stored (254 - u + 1 is distinct for distinct u), so the
// failed invariant is the only finding.
__global__ void wrong_invariant(int *out) {
  __shared__ int perm[256];
  unsigned t = threadIdx.x;
  perm[t] = 254 - t;
  __barrier_invariant(perm[t] == 255 - t, (t + 1) % 256); // want invariant
  __syncthreads();
  out[perm[(t + 1) % 256] + 1] = t;
}
