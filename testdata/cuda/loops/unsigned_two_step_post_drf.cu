// expect: drf
//--blockDim=64 --gridDim=4
// Path generation: each thread walks its paths (i = its global index, then
// every 256th) and writes the steps of path i at i, i + n, i + 2n, ...
// through a pointer its post statement advances beside the unsigned
// counter t (t++, output += n). The loop runs exactly steps times (t
// counts from 0 to steps, which does not wrap), so the writes of path i
// stay at i + t * n with t < 8 and i < n: two threads write one cell only
// with i1 - i2 = n * (t2 - t1), impossible for i1 != i2 below n. The
// preconditions fix n and steps, which then enter the protocol as numbers.
__global__ void paths_kernel(float *paths, unsigned n, unsigned steps) {
  __requires(n == 1000);
  __requires(steps == 8);
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = tid; i < n; i += blockDim.x * gridDim.x) {
    float *output = paths + i;
    for (unsigned t = 0; t < steps; t++, output += n)
      *output = t;
  }
}
