// expect: init_capture=drf, init_capture_racy=racy, passed=drf, passed_var=drf, passed_racy=racy
//--blockDim=64 --gridDim=1
// Init-captures ([s = e]) are variables of the lambda's own, made from e
// where the lambda is made: in init_capture_racy, z stays 0 in the body
// (s = z + t does not change it), so every thread writes p[0].
// A lambda passed to a function template is called through the
// parameter, with its captures.
__global__ void init_capture(int *p) {
  int t = threadIdx.x;
  auto f = [p, t, s = t * 2]() { p[s] = t; };
  f();
}

__global__ void init_capture_racy(int *p) {
  int t = threadIdx.x;
  int z = 0;
  auto f = [z, s = z + t, p, t]() { p[z] = t + s; }; // want race
  f();
}

template <class F> __device__ void apply(F f, int *p) { f(p); }

__global__ void passed(int *a) {
  int t = threadIdx.x;
  apply([=](int *p) { p[t] = 1; }, a);
}

__global__ void passed_var(int *a) {
  int t = threadIdx.x;
  auto g = [t](int *p) { p[t + 64] = t; };
  apply(g, a);
  g(a);
}

// every thread writes p[t / 2]: threads 2k and 2k + 1 collide
__global__ void passed_racy(int *a) {
  int t = threadIdx.x;
  apply([t](int *p) { p[t / 2] = t; }, a); // want race
}
