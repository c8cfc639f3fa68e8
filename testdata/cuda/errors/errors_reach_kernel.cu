// expect: calls_invalid=unknown, constructs=unknown, uses_record=unknown, fine=racy
//--blockDim=64 --gridDim=1
// Errors that reach a kernel make it unknown, at the error, however the
// kernel reaches them: a function whose signature clang rejects (clang
// then reports no error at the call, and may leave the call out of its
// tree), a constructor called without being named, a struct with a field
// of an unknown type. A kernel that reaches none of them is checked.

__device__ void store(int *p, bad_index_t i) { p[i] = 1; } // want unknown

__global__ void calls_invalid(int *a) {
  store(a, 0);
}

struct writer {
  __device__ writer(int *p) { p[0] = not_declared; } // want unknown
};

__global__ void constructs(int *a) {
  writer w(a);
}

struct cell {
  int v;
  unknown_type_t w; // want unknown
};

__global__ void uses_record(cell *c) {
  c[0].v = threadIdx.x;
}

__global__ void fine(int *a) {
  a[0] = threadIdx.x; // want race
}
