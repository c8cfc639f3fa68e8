// expect: drf
//--blockDim=64 --gridDim=1
// The racy sweep with a barrier ending each iteration: within an iteration
// thread t writes s[t + base], distinct, and the barrier orders the writes
// of one iteration before those of the next.
struct Cfg { int base; };
__global__ void sweep(Cfg cfg, int n) {
  __shared__ int s[1024];
  int tid = threadIdx.x;
  for (int i = 0; i < n; i++) {
    s[tid + cfg.base] = 0;
    __syncthreads();
    cfg.base += 1;
  }
}
