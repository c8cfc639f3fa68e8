// expect: racy
//--gridDim=1
// The axiom bounds the block at 128 threads, which still lets threads 0 and
// 64 of one block write A[0]: a race.
__axiom(blockDim.x <= 128);

__global__ void wrap(int *A) {
  A[threadIdx.x % 64] = threadIdx.x; // want race
}
