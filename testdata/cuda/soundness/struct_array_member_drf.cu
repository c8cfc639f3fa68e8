// expect: drf
//--blockDim=64 --gridDim=1
// Thread 1 copies element 1, which thread 0's write to element 0's array
// member does not touch.
struct S { int a[4]; int b; };
__global__ void copy(int *out) {
  __shared__ S arr[64];
  int tid = threadIdx.x;
  if (tid == 0) arr[0].a[2] = 1;
  if (tid == 1) {
    S v = arr[1];
    out[0] = v.b;
  }
}
