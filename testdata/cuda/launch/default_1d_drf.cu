// expect: drf
// No launch configuration is given. The kernel only looks at threadIdx.x,
// so it is checked for one-dimensional blocks of any size and one block
// ([*,1,1], [1,1,1]): each thread writes its own element.
__global__ void fill(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = 0;
}
