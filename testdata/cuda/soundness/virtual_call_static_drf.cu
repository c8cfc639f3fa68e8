// expect: drf
//--blockDim=64 --gridDim=1
// A virtual method called on an object whose type is known (a variable of
// the class, not a pointer or reference) runs that class's body: exact.
struct Base { __device__ virtual int idx(int t) { return t; } };
__global__ void direct(int *out) {
  Base b;
  out[b.idx(threadIdx.x)] = 1;
}
