// expect: unknown
// A template kernel that the file never instantiates cannot be checked: it
// is reported, not dropped.
template <typename T>
__global__ void fill(T *a, T v) { // want unknown
  a[threadIdx.x] = v;
}
