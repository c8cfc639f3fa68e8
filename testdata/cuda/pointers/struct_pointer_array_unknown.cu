// expect: unknown
//--blockDim=128 --gridDim=1
// An element of the array read at an index that depends on the thread: the
// pointer is one of three buffers, and which one the lowering does not
// follow, so the write is unknown (not assumed to hit a buffer of its own).
struct planes {
  float *c[3];
};

__global__ void scatter(planes p) {
  p.c[threadIdx.x % 3][threadIdx.x / 3] = 1.0f; // want unknown
}
