// expect: unknown
// A template kernel that the file never instantiates, whose parameters
// have no stand-in (a parameter pack), cannot be checked: it is reported,
// not dropped.
template <typename... T>
__global__ void fill(int *a, T... v) { // want unknown
  a[threadIdx.x] = sizeof...(v);
}
