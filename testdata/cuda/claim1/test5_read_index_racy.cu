// expect: racy
//--blockDim=64 --gridDim=1
// Claim 1, test 5 ("read-index") made racy: each thread reads back its own
// store, but the stores are the ids halved, so threads 2k and 2k + 1 both
// write A[k].
__global__ void read_index(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = threadIdx.x / 2;
  __syncthreads();
  int x = S[threadIdx.x];
  A[x] = threadIdx.x; // want race
}
