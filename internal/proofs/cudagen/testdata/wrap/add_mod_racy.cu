// racy: p = 0xFFFFFFFF, so threadIdx.x + p is threadIdx.x - 1 for threads >= 1
// and 2^32 - 1 = 15 (mod 48) for thread 0, the cell of thread 16;
// unbounded: (x + 2^32 - 1) % 48 = (x + 15) % 48, distinct for 48 threads.
// drfcheck -b 48 -p p=4294967295 add_mod_racy.cu
__global__ void add_mod(unsigned p, int *out) {
  __shared__ int s[48];
  s[(threadIdx.x + p) % 48u] = threadIdx.x;
}
