// expect: racy
//--blockDim=[*,1,1] --gridDim=1
// The helper writes two neighbouring cells: thread t's second cell is
// thread t + 1's first. The race is inside the device function.
__device__ void pair(int *a, int i) {
  a[i] = 0;     // want race
  a[i + 1] = 1; // want race
}

__global__ void kernel(int *a) {
  pair(a, threadIdx.x);
}
