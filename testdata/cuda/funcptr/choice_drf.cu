// expect: drf
//--blockDim=64 --gridDim=1
// The pointer is chosen per thread, and whichever function a thread
// calls, it reads and writes only its own cell a[t] (set writes i + 1,
// bump adds one to the value it reads): the threads touch disjoint
// cells, so there is no race. The choice by a branch and by ?: are both
// followed.
__device__ void set(int *a, int i) { a[i] = i + 1; }

__device__ void bump(int *a, int i) { a[i] += 1; }

__global__ void update(int *a, int n) {
  int t = threadIdx.x;
  void (*f)(int *, int) = set;
  if (t < n)
    f = &bump;
  (*f)(a, t);
  void (*g)(int *, int) = t & 1 ? f : set;
  g(a, t);
}
