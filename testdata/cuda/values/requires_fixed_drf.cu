// expect: drf
//--blockDim=128 --gridDim=4
// The preconditions fix w and h, and the checker replaces them by their
// values before it asks the solver (a fixed parameter in a product made
// the query nonlinear). The index is the thread's own global id i,
// rebuilt from its quotient and remainder by w (i / w * w + i % w == i,
// with i % w written as the mask i & (w - 1) since w is a power of two),
// plus a row of h * w that is the same for all: distinct threads write
// distinct elements. The unsigned difference wraps around (its residue
// modulo 2^32), and the residue of a value below 2^32 is itself.
__global__ void rebuild(float *A, unsigned w, unsigned h) {
  __requires(w == 64);
  __requires(h == 3);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned row = i / w, col = i & (w - 1);
  A[h * w + row * w + col - 0u] = 0.0f;
}
