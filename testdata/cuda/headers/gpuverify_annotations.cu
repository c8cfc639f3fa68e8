// expect: fresh=drf, same_cell=racy, loop=drf
//--blockDim=64 --gridDim=1
// GPUVerify's annotations: but for __requires, drfcheck accepts and ignores
// them, and they change no access. __axiom(e) at file scope declares a
// function that returns e, which drfcheck does not use. In fresh each thread
// writes its own element of the array that q.p points to
// (__requires_fresh_array only states that the array is fresh); the
// postcondition of id, with __return_val_ptr, and the invariants of loop
// are not needed. In same_cell the precondition n == 3 makes every thread
// write a[3]: a race.
#include <cuda.h>

__axiom(blockDim.x == 64);
__axiom(gridDim.x == 1);

struct wrapper {
  float *p;
};

__device__ float *id(float *p) {
  __ensures(__implies(__enabled(), __return_val_ptr() == p));
  return p;
}

__global__ void fresh(wrapper q) {
  __requires_fresh_array(q.p);
  __requires(__ptr_offset_bytes(q.p) == 0);
  id(q.p)[threadIdx.x] = 4.2f;
}

__global__ void same_cell(int *a, int n) {
  __requires(n == 3);
  a[n] = threadIdx.x; // want race
}

__global__ void loop(int *a, int n) {
  __requires(n < 1000);
  for (int i = threadIdx.x; __invariant(i % 64 == threadIdx.x), __function_wide_invariant(__ptr_base(a) == __ptr_base(a)),
           __global_invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) % 64 == threadIdx.x)),
           __invariant(__read_implies(a, __other_int(i) != i)), i < n;
       i += 64)
    a[i] = i;
}
