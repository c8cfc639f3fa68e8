// expect: uses_good=racy, uses_pixel=drf
//--blockDim=64 --gridDim=1
// clang rejects two helpers of broken_helpers.h (an undeclared name in
// brighten, another in a method of struct lens). Neither kernel calls them
// or uses lens, so both are checked (a note names the errors):
// uses_good is racy (threads t and t + 1 of the form 2t and 2(t+1)... no:
// every thread writes a[twice(threadIdx.x) / 4], so threads 0 and 1 both
// write a[0]), uses_pixel writes its own element.
#include "broken_helpers.h"

__global__ void uses_good(int *a) {
  a[twice(threadIdx.x) / 4] = threadIdx.x; // want race
}

__global__ void uses_pixel(pixel *p) {
  p[threadIdx.x].r = 0.5f;
}
