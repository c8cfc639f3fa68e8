// expect: racy
//--blockDim=64 --gridDim=1
// The default member initializer sets stride to 0, so every thread writes
// a[0 * t + 1] = a[1]: threads 0 and 1 race. (A model that took the field
// as unknown would still report a race, so the next kernel checks that the
// initializer's value is used.)
struct Layout {
  int stride = 0;
};
__global__ void collapse(int *a) {
  Layout l;
  a[threadIdx.x * l.stride + 1] = threadIdx.x; // want race
}
