// expect: ok=drf, racy=racy
//--blockDim=64 --gridDim=1
// A struct of a template of two arguments passed by value: the type of
// its copy constructor has a comma inside the struct's name
// (void (const Span<float, 2> &)), and it is a copy all the same, of a
// struct that carries a pointer.
template <class T, int N> struct Span { T *p; int stride; };
template <class T, int N> __device__ void put(Span<T, N> s, int i, T v) { s.p[i * s.stride] = v; } // want race

// each thread writes its own a[tid]
__global__ void ok(float *a) {
  Span<float, 2> s = {a, 1};
  put(s, threadIdx.x, 1.0f);
}

// the copy carries a stride of 0: every thread writes its index to a[0]
__global__ void racy(float *a) {
  Span<float, 2> s = {a, 0};
  put(s, threadIdx.x, (float)threadIdx.x);
}
