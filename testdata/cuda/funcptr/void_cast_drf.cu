// expect: drf
//--blockDim=64 --gridDim=1
// The function pointer goes through void * and back (and is null on a
// branch the precondition rules out): it still holds clear or copy, each
// of which writes only the thread's own element, so there is no race.
__device__ void clear(int *out, const int *in, int i) { out[i] = 0; }

__device__ void copy(int *out, const int *in, int i) { out[i] = in[i]; }

typedef void (*kernel_fn)(int *, const int *, int);

__global__ void run(int *out, const int *in, int mode) {
  __requires(mode != 0);
  void *p = (void *)clear;
  if (mode > 1)
    p = (void *)&copy;
  if (mode == 0)
    p = 0;
  kernel_fn f = (kernel_fn)p;
  f(out, in, threadIdx.x);
}
