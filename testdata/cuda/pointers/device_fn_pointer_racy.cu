// expect: racy
//--blockDim=32 --gridDim=1
// Threads 2k and 2k + 1 both store to A[k], in the device function: the
// race is reported at the access inside it (each stores its own index, so
// the two writes are not of one value).
__device__ void store(float *dst, float v) {
  *dst = v; // want race
}

__global__ void halve(float *A) {
  store(&A[threadIdx.x / 2], (float)threadIdx.x);
}
