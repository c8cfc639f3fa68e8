// expect: search=drf, search_down=drf, search_racy=racy
//--blockDim=64 --gridDim=1
// A search loop left by a break: after it, i is where the thread stopped,
// some whole number of steps from its first value (threadIdx.x + 64 * n),
// so each thread's i differs from the others' whether it broke or ran to
// the bound.
__global__ void search(const int *a, int *out) {
  int i;
  for (i = threadIdx.x; i < 1000; i += 64) {
    if (a[i] == 7)
      break;
  }
  out[i] = threadIdx.x;
}

__global__ void search_down(const int *a, int *out) {
  int i;
  for (i = 1000 + threadIdx.x; i >= 0; i -= 64) {
    if (a[i] == 7)
      break;
  }
  out[i + 64] = threadIdx.x;
}

// i / 2: threads 0 and 1 stop at 0 and 1 when a[0] and a[1] are 7
__global__ void search_racy(const int *a, int *out) {
  int i;
  for (i = threadIdx.x; i < 1000; i += 64) {
    if (a[i] == 7)
      break;
  }
  out[i / 2] = threadIdx.x; // want race
}
