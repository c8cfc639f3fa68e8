// expect: drf
//--blockDim=[64,1,1] --gridDim=1
// The up-sweep of a work-efficient scan, one thread per two elements, its
// length tied to the block size by a precondition. With the block size
// given, n is 128 in every run the check covers, so the halving loop runs
// d = 64, 32, ..., 1 while offset doubles beside it: at level k the
// threads below d write t[2^(k+1) * (tid + 1) - 1], distinct cells, and
// read t[2^(k+1) * tid + 2^k - 1], which no thread writes at that level (an
// odd multiple of 2^k, minus one, against a multiple of 2^(k+1), minus one).
// Without the block size, n is any number and offset any value beside d.
// (values/scan_upsweep_drf.cu is this loop with the length a literal.)
// n is an int compared with an unsigned product (C converts it).
__global__ void upsweep(float *data, int n) {
  __requires(n == blockDim.x * 2);
  __shared__ float t[128];
  int tid = threadIdx.x;
  t[2 * tid] = data[2 * tid];
  t[2 * tid + 1] = data[2 * tid + 1];
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      t[bi] += t[ai];
    }
    offset *= 2;
  }
  __syncthreads();
  data[2 * tid] = t[2 * tid];
  data[2 * tid + 1] = t[2 * tid + 1];
}
