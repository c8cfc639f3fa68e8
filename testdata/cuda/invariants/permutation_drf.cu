// expect: drf
//--blockDim=256 --gridDim=1
// A scatter through a permutation that the block computes in shared memory
// (Chong et al., "Barrier Invariants", the data-dependent kernels of their
// Section 1). Thread t reads the cell its right neighbour (t + 1) % 256
// stored, so reading back its own store (memory.go) does not help: the
// barrier invariant says what every thread stored, and its instantiation
// (t + 1) % 256 says it of the neighbour. It holds (each thread stored
// 255 - t itself), so after the barrier perm[(t + 1) % 256] is
// 255 - (t + 1) % 256, distinct for distinct t: no two threads write one
// cell of out.
__global__ void permutation(int *out) {
  __shared__ int perm[256];
  unsigned t = threadIdx.x;
  perm[t] = 255 - t;
  __barrier_invariant(perm[t] == 255 - t, (t + 1) % 256);
  __syncthreads();
  out[perm[(t + 1) % 256]] = t;
}
