// expect: drf
//--blockDim=64 --gridDim=1
// Claim 1, test 5 of Cogumbreiro et al. (Fig. 6, "read-index"), which Faial
// fails: the index x is read from shared memory, where the thread itself
// stored its own id before the barrier, so thread t writes A[t]. A thread
// reads back its own store of the interval before (a store by another
// thread there would race with it, or with the read): x is t.
__global__ void read_index(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int x = S[threadIdx.x];
  A[x] = threadIdx.x;
}
