// expect: racy
//--blockDim=1024 --gridDim=1
// One step of the same sort without the ixj > tid guard: threads t and
// t ^ j both exchange the pair, so thread t reads s[t ^ j] while thread
// t ^ j writes it (threads 0 and 1, for the j = 1 the kernel requires).
__global__ void step(int *d, unsigned int j) {
  __requires(j == 1);
  __shared__ int s[1024];
  unsigned int tid = threadIdx.x;
  s[tid] = d[tid];
  __syncthreads();
  unsigned int ixj = tid ^ j;
  int a = s[tid], b = s[ixj]; // want race
  if (a > b) {
    s[tid] = b; // want race
    s[ixj] = a; // want race
  }
}
