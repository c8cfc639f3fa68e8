// expect: drf
//--blockDim=64 --gridDim=1
// A class whose constructor initializes its base class, which keeps the
// address of the element it is given: each thread's view points at its own
// element of a (the base's constructor runs on the same object), so the
// writes through it are data-race free. A constructor taking a reference
// to another type is not a copy.
struct ref {
  int *p;
  __device__ explicit ref(int &r) : p(&r) {}
  __device__ void set(int v) const { *p = v; }
};

struct slot : ref {
  __device__ explicit slot(int &r) : ref(r) {}
};

__global__ void fill(int *a) {
  slot s(a[threadIdx.x]);
  s.set(threadIdx.x);
}
