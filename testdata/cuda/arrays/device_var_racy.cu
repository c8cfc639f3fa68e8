// expect: racy
//--blockDim=32 --gridDim=1
// A __device__ variable is global memory shared by every thread: counting
// with ++ races.
__device__ int counter;

__global__ void count(void) {
  counter++; // want race
}
