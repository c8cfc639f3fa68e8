// expect: drf
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// A struct passed by value: its pointer field is a global array (data,
// named p_data) and its integer field a parameter (p_n).
struct Params {
  float *data;
  int n;
};

__global__ void clear(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.data[i] = 0.0f;
}
