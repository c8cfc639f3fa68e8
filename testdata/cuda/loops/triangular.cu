// expect: lu=drf, lu_racy=racy, halves=drf
//--blockDim=64 --gridDim=1
// Synchronized loops whose trip count falls with an enclosing synchronized
// loop's variable (LU decomposition, triangular solves): for row k, the
// rows j > k are updated with a barrier each, so the inner loop runs for
// k < 7 and not at all for k = 7, and its barriers are there in some
// iterations of k and not in others. The outer loop is checked as two: k
// in 0..7, where the inner loop always runs, then k = 7, where it never
// does.
__global__ void lu(float *a) {
  __shared__ float pivot[64];
  for (int k = 0; k < 8; k++) {
    pivot[threadIdx.x] = a[k * 64 + threadIdx.x];
    for (int j = k + 1; j < 8; j++) {
      __syncthreads();
      a[j * 64 + threadIdx.x] -= pivot[(threadIdx.x + 1) % 64];
      __syncthreads();
    }
    __syncthreads();
    a[512 + k * 64 + threadIdx.x] = pivot[(threadIdx.x + 1) % 64];
    __syncthreads();
  }
}

// Without the barrier before the read after the inner loop, the inner
// loop's first barrier is all that orders the read of pivot[t + 1] after
// thread t + 1's write: for k = 7 it does not run, and the two race.
__global__ void lu_racy(float *a) {
  __shared__ float pivot[64];
  for (int k = 0; k < 8; k++) {
    pivot[threadIdx.x] = a[k * 64 + threadIdx.x]; // want race k=7
    for (int j = k + 1; j < 8; j++) {
      __syncthreads();
      a[j * 64 + threadIdx.x] -= pivot[(threadIdx.x + 1) % 64];
      __syncthreads();
    }
    a[512 + k * 64 + threadIdx.x] = pivot[(threadIdx.x + 1) % 64]; // want race k=7
    __syncthreads();
  }
}

// The inner loop runs from the other end: for k >= 4 only (j in 4..k).
__global__ void halves(float *a, float *out) {
  __shared__ float s[64];
  for (int k = 0; k < 8; k++) {
    for (int j = 4; j < k; j++) {
      s[threadIdx.x] = a[j * 64 + threadIdx.x];
      __syncthreads();
      out[k * 64 + threadIdx.x] += s[63 - threadIdx.x];
      __syncthreads();
    }
  }
}
