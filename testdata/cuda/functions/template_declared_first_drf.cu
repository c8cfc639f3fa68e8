// expect: drf
//--blockDim=64 --gridDim=1
// The explicit instantiation comes before the template's definition, as in
// SDK samples that declare their kernels first: copy0<int> is the kernel
// to check (each thread copies its own element), and the template itself
// is not reported as never instantiated.
template <class T> __global__ void copy0(T *in, T *out, unsigned n);
template __global__ void copy0<int>(int *, int *, unsigned);
template <class T> __global__ void copy0(T *in, T *out, unsigned n) {
  if (threadIdx.x < n)
    out[threadIdx.x] = in[threadIdx.x];
}
