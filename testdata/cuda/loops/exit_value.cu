// expect: while_exit=drf, while_exit_racy=racy, break_exit=drf, break_exit_racy=racy, do_exit=drf, rounds=drf, rounds_racy=racy
//--blockDim=64 --gridDim=1
// After a loop that its condition alone ends, or one break that every
// iteration reaches, an induction variable holds its last value exactly:
// the number of iterations follows from its first value, its step and the
// bound it is compared with. Here that value is a stride, and thread t
// writes out[t * stride % 64]: one cell each for an odd stride (3 is
// invertible modulo 64), two threads on out[0] for a stride of 4 (threads
// 0 and 16).
__global__ void while_exit(int *out) {
  int stride = 0;
  while (stride < 3)
    stride++;
  out[threadIdx.x * stride % 64] = threadIdx.x;
}

// 0, 2, 4: the loop ends at 4
__global__ void while_exit_racy(int *out) {
  int stride = 0;
  while (stride < 4)
    stride += 2;
  out[threadIdx.x * stride % 64] = threadIdx.x; // want race
}

// 1 goes on (1 + 2 < 5), 3 breaks: the loop ends at 3
__global__ void break_exit(int *out) {
  int stride = 1;
  while (1) {
    if (stride + 2 >= 5)
      break;
    stride += 2;
  }
  out[threadIdx.x * stride % 64] = threadIdx.x;
}

// 0 and 2 go on, 4 breaks
__global__ void break_exit_racy(int *out) {
  int stride = 0;
  for (;;) {
    if (stride >= 3)
      break;
    stride += 2;
  }
  out[threadIdx.x * stride % 64] = threadIdx.x; // want race
}

// -1 + 2 = 1 passes the test, 3 does not
__global__ void do_exit(int *out) {
  int stride = -1;
  do {
    stride += 2;
  } while (stride < 2);
  out[threadIdx.x * stride % 64] = threadIdx.x;
}

// A persistent loop of rounds, each between barriers, left when the round
// is the last: r is 0, 1, 2, then breaks at 3 (3 + 1 >= 4)
__global__ void rounds(int *out, const int *in) {
  __shared__ int s[64];
  int r = 0;
  while (1) {
    s[threadIdx.x] = in[r * 64 + threadIdx.x];
    __syncthreads();
    out[64 + r * 64 + threadIdx.x] = s[63 - threadIdx.x];
    __syncthreads();
    if (r + 1 >= 4)
      break;
    r++;
  }
  out[threadIdx.x * r % 64] = threadIdx.x;
}

// the same loop left at r = 2: threads 0 and 32 write out[0]
__global__ void rounds_racy(int *out, const int *in) {
  __shared__ int s[64];
  int r = 0;
  while (1) {
    s[threadIdx.x] = in[r * 64 + threadIdx.x];
    __syncthreads();
    out[64 + r * 64 + threadIdx.x] = s[63 - threadIdx.x];
    __syncthreads();
    if (r + 1 >= 3)
      break;
    r++;
  }
  out[threadIdx.x * r % 64] = threadIdx.x; // want race
}
