// expect: racy
//--blockDim=64 --gridDim=1
// A struct wrapping a shared array, with an accessor method returning a
// reference: at(i) is data[i]. Thread t writes at(t) and at(t + 1).
struct Buffer {
  int *data;
  __device__ int &at(int i) { return data[i]; }
};

__global__ void kernel(int *out) {
  __shared__ int s[65];
  Buffer b = {s};
  b.at(threadIdx.x) = 1;     // want race
  b.at(threadIdx.x + 1) = 2; // want race
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
