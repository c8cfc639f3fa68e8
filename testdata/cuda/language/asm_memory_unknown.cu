// expect: unknown
//--blockDim=64 --gridDim=1
// Inline assembly that touches memory (a store through a memory operand,
// a "memory" clobber) or synchronizes (bar.sync) cannot be followed: each
// such statement is unknown where it stands. The rest of the kernel is
// race-free (each thread writes its own element).
__global__ void stores(unsigned *out) {
  unsigned v = threadIdx.x;
  asm volatile("st.global.u32 [%0], %1;" :: "l"(out), "r"(v)); // want unknown
  asm volatile("" ::: "memory"); // want unknown
  asm volatile("bar.sync 0;"); // want unknown
  out[threadIdx.x] = v;
}
