// expect: scale<float>=drf, scale<int>=drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// Instantiations made by launches in host code are checked too, by type.
template <typename T>
__device__ T twice(T v) { return v + v; }

template <typename T>
__global__ void scale(T *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = twice(a[i]);
}

void host(float *f, int *g, int n) {
  scale<<<n / 64, 64>>>(f, n);
  scale<<<n / 64, 64>>>(g, n);
}
