// expect: drf
//--blockDim=128 --gridDim=[*,1,1]
// A struct passed by value carries an array of pointers (one buffer per
// channel). The kernel never modifies the array, and reads it at constant
// indices: each element is a pointer parameter of its own, and, as for
// pointer parameters, the host is taken to pass distinct buffers. Each
// thread writes its own element of each channel: data-race free.
struct planes {
  float *c[3];
  int n;
};

__global__ void split(planes p, const float *rgb) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) {
    p.c[0][i] = rgb[3 * i];
    p.c[1][i] = rgb[3 * i + 1];
    p.c[2][i] = rgb[3 * i + 2];
  }
}
