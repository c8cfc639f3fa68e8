// expect: drf
//--blockDim=128 --gridDim=1
// The precondition restricts the parameter f to scale or shift, and both
// read and write only the thread's own element v[t]: whichever one the
// launch passes, the threads touch disjoint elements.
__device__ float scale(float *v, unsigned t) { return v[t] = 2.0f * v[t]; }

__device__ float shift(float *v, unsigned t) { return v[t] = v[t] + 1.0f; }

typedef float (*op)(float *, unsigned);

__global__ void apply(float *v, op f, unsigned n) {
  __requires(f == scale | f == shift);
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    f(v, t);
}
