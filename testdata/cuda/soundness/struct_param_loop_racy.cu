// expect: racy
//--blockDim=64 --gridDim=1
// A field of a struct parameter advanced in a loop: in iteration i thread t
// writes s[t + base + i], so with n >= 2 thread 0 in iteration 1 meets
// thread 1 in iteration 0.
struct Cfg { int base; };
__global__ void sweep(Cfg cfg, int n) {
  __shared__ int s[128];
  int tid = threadIdx.x;
  for (int i = 0; i < n; i++) {
    s[tid + cfg.base] = threadIdx.x; // want race
    cfg.base += 1;
  }
}
