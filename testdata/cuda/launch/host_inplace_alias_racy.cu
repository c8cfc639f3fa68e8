// expect: racy
// A shift kernel written for two buffers, out[i] = in[i + 1], called in
// place: main passes the same pointer as out and in. Then thread i reads
// a[i + 1] while thread i + 1 writes it, a read/write race (between two
// threads of a block, or of two blocks at a block boundary). With out and
// in distinct, as drfcheck assumed before it read the launch, there is
// none.
#include <cstdlib>

__global__ void shift(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1]; // want race
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  shift<<<(n + 127) / 128, 128>>>(a, a, n);
  return 0;
}
