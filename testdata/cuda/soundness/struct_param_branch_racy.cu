// expect: racy
//--blockDim=64 --gridDim=1
// A field of a by-value struct parameter changed on one branch only: the
// upper half of the block writes s[tid - 1 + base], so thread 32 meets
// thread 31 at s[31 + base].
struct Cfg { int base; };
__global__ void place(Cfg cfg) {
  __shared__ int s[128];
  int tid = threadIdx.x;
  if (tid >= 32) cfg.base -= 1;
  s[tid + cfg.base] = threadIdx.x; // want race
}
