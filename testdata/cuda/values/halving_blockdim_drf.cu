// expect: drf
//--blockDim=128 --gridDim=1
// The last merge of a bitonic sort, its stride halving from blockDim.x:
// thread t exchanges pos = 2t - (t & (stride - 1)) and pos + stride, t with
// a 0 inserted at bit log2(stride) and the same with a 1, disjoint between
// threads when stride is a power of two, and the barrier at the top of each
// step separates the steps. The launch fixes blockDim.x to 128, a power of
// two, so stride takes 128, 64, ..., 1: the front end says that stride is
// a power of two whenever blockDim.x is one, and the launch decides it.
// (With blockDim.x of any size, stride - 1 is any number and two threads
// may meet: see the racy twin's launch comment.)
__global__ void merge(int *d) {
  __shared__ int s[256];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 128] = d[threadIdx.x + 128];
  for (unsigned stride = blockDim.x; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    int a = s[pos], b = s[pos + stride];
    if (a > b) { s[pos] = b; s[pos + stride] = a; }
  }
}
