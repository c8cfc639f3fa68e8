// expect: racy
//--blockDim=64 --gridDim=1
// KNOWN FALSE ALARM: Claim 1, test 5 of Cogumbreiro et al. (Fig. 6, "read-index").
// The index x is read from shared memory, where every thread stored its
// own id, so thread t writes A[t] and the kernel is data-race free. Access
// memory protocols abstract array contents away: x is any value, per
// thread, and two threads may write the same cell (the paper's Faial
// reports this spurious race too).
__global__ void read_index(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int x = S[threadIdx.x];
  A[x] = threadIdx.x; // want race
}
