// expect: racy
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// Each thread also writes the next element: thread i + 1 writes element
// i + 1 too.
struct Params {
  float *data;
  int n;
};

__global__ void clear(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < p.n) {
    p.data[i] = (float)threadIdx.x;     // want race
    p.data[i + 1] = (float)threadIdx.x; // want race
  }
}
