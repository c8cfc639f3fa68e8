// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A search loop with break and continue, without barriers: each thread
// writes only its own result cell.
__global__ void find(int *pos, const int *data, int n, int key) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int found = -1;
  for (int i = 0; i < n; i++) {
    if (data[t * n + i] < 0)
      continue;
    if (data[t * n + i] == key) {
      found = i;
      break;
    }
  }
  pos[t] = found;
}
