// expect: drf
//--blockDim=64 --gridDim=1
// A thread's local array is its own: no barrier makes it forget what it
// stored there. x is t, whatever cell of a holds it.
__global__ void own_value_private(int *out) {
  int a[4];
  int t = threadIdx.x;
  a[t % 4] = t;
  __syncthreads();
  __syncthreads();
  int x = a[t % 4];
  out[x] = t;
}
