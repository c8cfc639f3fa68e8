// expect: drf
//--blockDim=128 --gridDim=4
// Each thread keeps a count in its own cell of shared memory and adds 3
// to it n times, a barrier in every round (the cell is read back one
// barrier after its store). At the head of round i the cell holds
// 2 * t + 3 * i, and 2 * t + 3 * n after the loop: every thread adds the
// same amount, so the threads' values stay apart by 2 * (t - u), and the
// final scatter writes a distinct cell for each thread. Without knowing
// the cell from round to round the value read is any number, and two
// threads may write one cell.
__global__ void count(int *out, int n) {
  __shared__ int c[128];
  int t = threadIdx.x;
  c[t] = 2 * t;
  for (int i = 0; i < n; i++) {
    __syncthreads();
    out[blockIdx.x * 256 + c[t] - 3 * i] = i; // 2 * t in every round
    c[t] += 3;
  }
  out[4 * 256 + blockIdx.x * 128 + (c[t] - 3 * n) / 2] = t;
}
