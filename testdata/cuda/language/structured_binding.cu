// expect: by_copy=drf, by_reference_racy=racy, copy_is_a_copy=drf, modified_in_loop_racy=racy
//--blockDim=64 --gridDim=1
// Structured bindings: auto [x, y] = v names the parts of a copy of v,
// auto &[c, d] = p those of p itself.
struct Pair { int a; int b; };

__global__ void by_copy(int *out) {
  int2 v = make_int2(threadIdx.x, 1);
  auto [x, y] = v;
  out[x] = y;
}

// c is p.a: every thread sets it to 0 and writes out[0]
__global__ void by_reference_racy(int *out) {
  Pair p = {(int)threadIdx.x, 2};
  auto &[c, d] = p;
  c = 0;
  out[p.a] = threadIdx.x + d; // want race
}

// x is a part of a copy: setting it leaves p.a, the thread's own index
__global__ void copy_is_a_copy(int *out) {
  Pair p = {(int)threadIdx.x, 2};
  auto [x, y] = p;
  x = 0;
  out[p.a] = threadIdx.x + y + x;
}

// x is set through its name in the loop: from the second iteration on,
// every thread writes out[0]
__global__ void modified_in_loop_racy(int *out) {
  Pair p = {(int)threadIdx.x, 0};
  auto [x, y] = p;
  for (int i = 0; i < 3; i++) {
    out[x] = i + y; // want race
    x = 0;
  }
}
