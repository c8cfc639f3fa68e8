// expect: racy
//--blockDim=128 --gridDim=1
// The precondition allows f to be scale, which touches only v[t], or
// smooth, which also reads the element before the thread's own: with
// f == smooth, thread 1 (t = 2) reads v[1] while thread 0 (t = 1) writes
// it, and no barrier orders them. The race is smooth's read against its
// write, both on the marked line.
__device__ void scale(float *v, unsigned t) { v[t] = 2.0f * v[t]; }

__device__ void smooth(float *v, unsigned t) {
  v[t] = 0.5f * (v[t] + v[t - 1]); // want race
}

typedef void (*op)(float *, unsigned);

__global__ void apply(float *v, op f) {
  __requires(f == scale || f == smooth);
  unsigned t = threadIdx.x + 1;
  if (t < blockDim.x)
    f(v, t);
}
