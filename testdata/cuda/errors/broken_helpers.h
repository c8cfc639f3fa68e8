// A header of the user's whose helpers clang rejects, as a benchmark's
// common.h can be: checked through errors_in_header_racy.cu.
struct pixel { float r, g; };

// not compiled: 'gain' is declared nowhere; no kernel calls it
__device__ float brighten(float v) { return v * gain; }

// not compiled: a method of a struct the kernels never use
struct lens {
  float f;
  __device__ float focus(float d) { return f * undefined_depth(d); }
};

// compiled, and used
__device__ int twice(int x) { return 2 * x; }
