// expect: drf
//--blockDim=128 --gridDim=[*,1,1]
// A struct template instantiated in the kernel (a view of an array with
// its length): its instance box<float, 4> has a layout of its own, with
// the field types substituted. Each thread writes its own element of the
// view: data-race free.
template <class T, int W>
struct box {
  T *data;
  int n;
  __device__ T &at(int i) { return data[i * W]; }
};

__global__ void fill(float *a, int n) {
  box<float, 4> b;
  b.data = a;
  b.n = n;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < b.n)
    b.at(i) = 1.0f;
}
