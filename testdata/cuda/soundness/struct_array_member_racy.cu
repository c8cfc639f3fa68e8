// expect: racy
//--blockDim=64 --gridDim=1
// arr[0].a[2] is a member of element 0, not element 2: thread 0 writes
// inside element 0 while thread 1 copies element 0 as a whole.
struct S { int a[4]; int b; };
__global__ void copy(int *out) {
  __shared__ S arr[64];
  int tid = threadIdx.x;
  if (tid == 0) arr[0].a[2] = 1; // want race
  if (tid == 1) {
    S v = arr[0]; // want race
    out[0] = v.b;
  }
}
