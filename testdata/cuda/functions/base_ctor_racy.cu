// expect: racy
//--blockDim=64 --gridDim=1
// The same view, given a[0] by every thread: they all write a[0].
struct ref {
  int *p;
  __device__ explicit ref(int &r) : p(&r) {}
  __device__ void set(int v) const { *p = v; } // want race
};

struct slot : ref {
  __device__ explicit slot(int &r) : ref(r) {}
};

__global__ void fill(int *a) {
  slot s(a[0]);
  s.set(threadIdx.x);
}
