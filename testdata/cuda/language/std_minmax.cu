// expect: clamped=drf, clamped_racy=racy, shifted_racy=racy
//--blockDim=64 --gridDim=1
// std::min and std::max of the C++ library in device code (constexpr
// templates): the smaller and the larger of two values.
#include <algorithm>

// n >= 64 > threadIdx.x: i is threadIdx.x, each thread its own cell
__global__ void clamped(int *a, int n) {
  __requires(n >= 64);
  int i = std::min((int)threadIdx.x, n);
  a[i] = i;
}

// threads 3 to 63 all write a[3]
__global__ void clamped_racy(int *a) {
  int i = std::min((int)threadIdx.x, 3);
  a[i] = threadIdx.x; // want race
}

// threads 0 and 1 both write a[0]
__global__ void shifted_racy(float *a) {
  a[std::max((int)threadIdx.x - 1, 0)] = 1.0f * threadIdx.x; // want race
}
