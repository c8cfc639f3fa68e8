// expect: racy
//--blockDim=128 --gridDim=1
// The same array of pointers, but every thread also writes element 0 of
// channel 1 with its own index: threads 0 and 1 write p.c[1][0].
struct planes {
  float *c[3];
  int n;
};

__global__ void split(planes p) {
  int i = threadIdx.x;
  p.c[0][i] = 1.0f;
  p.c[1][0] = i; // want race
}
