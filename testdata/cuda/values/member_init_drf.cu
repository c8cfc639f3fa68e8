// expect: drf
//--blockDim=64 --gridDim=1
// The default member initializer gives stride its value 1, and the
// statement expression computes 2 * threadIdx.x: each thread writes
// a[2t + 1], its own element. The doc comment inside the kernel is just a
// comment.
struct Layout {
  int stride = 1;
  int unused;
};
__global__ void spread(int *a) {
  /// one element per thread, odd positions
  Layout l;
  int base = ({ int t = threadIdx.x; 2 * t; });
  a[base + l.stride] = 0;
}
