// expect: drf
//--blockDim=128 --gridDim=1
// The shared-memory bitonic sort of sorting networks: in each step, thread
// t compares the pair pos = 2t - (t & (stride - 1)) and pos + stride, that
// is t with a 0 inserted at bit log2(stride), and the same with a 1: since
// stride is a power of two, the pairs of two threads are disjoint, and the
// barrier at the top of each step separates the steps. (With stride - 1
// any number, tid & (stride - 1) could be anything below it: the front end
// says that stride, halved from size / 2 where size doubles from 2, is a
// power of two.) The CUDA samples sort 1024 keys with 512 threads; 128
// threads keep the test short (the cases grow with the number of steps).
__device__ void exchange(int &a, int &b, unsigned up) {
  if ((a > b) == up) {
    int t = a;
    a = b;
    b = t;
  }
}

__global__ void sort(int *d, unsigned up) {
  __shared__ int s[256];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 128] = d[threadIdx.x + 128];
  for (unsigned size = 2; size < 256; size <<= 1) {
    unsigned dir = up ^ ((threadIdx.x & (size / 2)) != 0);
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      exchange(s[pos], s[pos + stride], dir);
    }
  }
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    exchange(s[pos], s[pos + stride], up);
  }
  __syncthreads();
  d[threadIdx.x] = s[threadIdx.x];
  d[threadIdx.x + 128] = s[threadIdx.x + 128];
}
