// expect: drf
//--blockDim=128 --gridDim=8
// Inline assembly that only computes registers: the lane id from PTX's
// %laneid, and a byte permutation. Its outputs are fresh values of each
// thread (drfcheck does not interpret PTX), which the stores here use as
// values only: each thread writes its own element of out.
__global__ void lanes(unsigned *out, unsigned key) {
  unsigned lane, mixed;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm volatile("prmt.b32 %0, %1, %2, 0x3210;\n\t" : "=r"(mixed) : "r"(lane), "r"(key));
  out[blockIdx.x * blockDim.x + threadIdx.x] = lane + mixed;
}
