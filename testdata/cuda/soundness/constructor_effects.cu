// expect: own_ctor=racy, member_ctor=unknown, base_ctor=unknown, copy_ctor=racy, quiet=drf
//--blockDim=64 --gridDim=1
// Constructors are code: a local `S s;` runs S's default constructor,
// passing a struct by value runs its copy constructor, and the implicit
// constructor of a struct runs those of its members and bases. Each
// constructor here writes g[0] (or g[1]) with every thread: a race
// wherever it runs. What the lowering does not follow is unknown, never
// dropped; constructors without effects (a trivial struct, CUDA's vector
// types, default member initializers of constants) leave no access.
__device__ int g[2];

struct S {
  int v;
  __device__ S() { g[0] = threadIdx.x; v = 1; } // want race
};

__global__ void own_ctor(int *o) {
  S s;
  o[threadIdx.x] = s.v;
}

// T's implicit constructor runs S's
struct T { S s; int w; };

__global__ void member_ctor(int *o) {
  T t; // want unknown
  o[threadIdx.x] = t.w;
}

struct D : S { int w; };

__global__ void base_ctor(int *o) {
  D d; // want unknown
  o[threadIdx.x] = d.w;
}

// a template of two arguments: the copy constructor's type has a comma in
// the struct's name (void (const P<int, 2> &))
template <class X, int N> struct P {
  X v;
  __device__ P(X x) : v(x) {}
  __device__ P(const P &o) : v(o.v) { g[1] = threadIdx.x; } // want race
};

__device__ int get(P<int, 2> p) { return p.v; }

__global__ void copy_ctor(int *o) {
  P<int, 2> p(1);
  o[threadIdx.x] = get(p);
}

struct Opt { int stride = 2; };
struct W { Opt opt; float4 f[2]; };

__global__ void quiet(int *o) {
  W w[3];
  float4 pile[5];
  Opt opt;
  pile[threadIdx.x % 5].x = 1.0f;
  w[0].f[1] = pile[threadIdx.x % 5];
  o[threadIdx.x * opt.stride] = (int)w[0].f[1].x;
}
