// expect: drf
//--blockDim=64 --gridDim=1
// The upper half moves 32 further instead: s[tid + base] for tid < 32 and
// s[tid + 32 + base] for the others, all distinct.
struct Cfg { int base; };
__global__ void place(Cfg cfg) {
  __shared__ int s[256];
  int tid = threadIdx.x;
  if (tid >= 32) cfg.base += 32;
  s[tid + cfg.base] = 0;
}
