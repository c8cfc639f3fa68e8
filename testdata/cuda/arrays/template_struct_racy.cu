// expect: racy
//--blockDim=128 --gridDim=1
// The same view with a stride of 0 for W: every thread writes data[0].
template <class T, int W>
struct box {
  T *data;
  __device__ T &at(int i) { return data[i * W]; }
};

__global__ void fill(float *a) {
  box<float, 0> b;
  b.data = a;
  b.at(threadIdx.x) = threadIdx.x; // want race
}
