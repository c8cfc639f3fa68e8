// expect: drf
//--blockDim=64 --gridDim=1
// A struct template whose argument is an enumerator: clang spells the
// instance's type with the enumerator (grid<float, layout::rows>) and its
// arguments with the value (1); the layout is found either way. Each thread
// writes its own element through the instance's pointer: data-race free.
enum class layout { cols, rows };

template <class T, layout L>
struct grid {
  T *cells;
  int width;
};

__global__ void fill(float *a) {
  grid<float, layout::rows> g;
  g.cells = a;
  g.width = 64;
  g.cells[threadIdx.x % g.width] = 1.0f;
}
