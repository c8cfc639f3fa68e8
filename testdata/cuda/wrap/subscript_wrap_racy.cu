// expect: racy
//--blockDim=64 --gridDim=1
// The subscript is unsigned: threadIdx.x + 0xFFFFFFFF is threadIdx.x - 1
// modulo 2^32, so thread 1 writes p[0], which thread 0 also writes.
__global__ void shifted(int *p) {
  p[threadIdx.x + 0xFFFFFFFFu] = 1; // want race
  if (threadIdx.x == 0)
    p[0] = 2; // want race
}
