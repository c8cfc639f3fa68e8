// expect: racy
//--blockDim=64 --gridDim=1
// The lane id read with inline assembly is a value drfcheck does not
// know (a fresh one per thread): used as an index, two threads may pick
// the same element (lanes 0 of warps 0 and 1 both write s[0], in truth).
// The asm's output is an element of shared memory itself in the second
// statement: asm writes it, as an assignment would, and every thread
// writes s[63].
__global__ void lanes(int *out) {
  __shared__ unsigned s[64];
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  s[lane] = threadIdx.x; // want race
  __syncthreads();
  asm("mov.u32 %0, %%warpid;" : "=r"(s[63])); // want race
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
