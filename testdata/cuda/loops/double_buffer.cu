// expect: toggle=drf, toggle_xor=drf, swap=drf, swap_racy=racy, three_phase_racy=racy
//--blockDim=64 --gridDim=1
// Double buffering with one barrier per iteration: iteration i writes one
// buffer, waits, and reads its neighbour's cell of it; iteration i + 1
// writes the other buffer, so its writes cannot meet iteration i's reads
// before the next barrier. Which buffer an iteration uses is a small
// state machine over variables that start from constants (p = 1 - p,
// p ^= 1, or two pointers swapped): its states at every iteration are
// known, 0, 1, 0, 1, ...
__global__ void toggle(const float *in, float *out, int n) {
  __shared__ float buf[2][64];
  int p = 0;
  for (int i = 0; i < n; i++) {
    buf[p][threadIdx.x] = in[i * 64 + threadIdx.x];
    __syncthreads();
    out[i * 64 + threadIdx.x] = buf[p][(threadIdx.x + 1) % 64];
    p = 1 - p;
  }
}

__global__ void toggle_xor(const float *in, float *out, int n) {
  __shared__ float buf[2][64];
  int p = 0;
  for (int i = 0; i < n; i++) {
    buf[p][threadIdx.x] = in[i * 64 + threadIdx.x];
    __syncthreads();
    out[i * 64 + threadIdx.x] = buf[p][(threadIdx.x + 1) % 64];
    p ^= 1;
  }
}

// Ping-pong buffers swapped by pointer: src and dst are a and b, then b
// and a; after four iterations src is a again, which the last read needs
// to know no more than that it follows the last barrier.
__global__ void swap(float *out) {
  __shared__ float a[64], b[64];
  float *src = a, *dst = b;
  a[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (int i = 0; i < 4; i++) {
    dst[threadIdx.x] = src[(threadIdx.x + 1) % 64];
    __syncthreads();
    float *t = src;
    src = dst;
    dst = t;
  }
  out[threadIdx.x] = src[threadIdx.x];
}

// The same without the barrier in the loop: iteration 1 writes a while
// iteration 0's reads of a may not be done.
__global__ void swap_racy(float *out) {
  __shared__ float a[64], b[64];
  float *src = a, *dst = b;
  a[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (int i = 0; i < 4; i++) {
    dst[threadIdx.x] = src[(threadIdx.x + 1) % 64]; // want race i=0
    float *t = src;
    src = dst;
    dst = t;
  }
  __syncthreads();
  out[threadIdx.x] = src[threadIdx.x];
}

// Buffers 0, 1, 1, 0, 1, 1, ...: iterations 1 and 2 both use buffer 1,
// and iteration 2's write of a cell races with iteration 1's read of it
// by the neighbouring thread (n >= 3).
__global__ void three_phase_racy(const float *in, float *out, int n) {
  __shared__ float buf[2][64];
  int q = 0;
  for (int i = 0; i < n; i++) {
    int p = q == 2 ? 1 : q;
    buf[p][threadIdx.x] = in[i * 64 + threadIdx.x]; // want race i=2
    __syncthreads();
    out[i * 64 + threadIdx.x] = buf[p][(threadIdx.x + 1) % 64]; // want race i=1
    q = (q + 1) % 3;
  }
}
