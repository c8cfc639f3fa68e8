// expect: own_size_racy=racy, own_clock_drf=drf
//--blockDim=64 --gridDim=1
// Code written for a 32-bit host (or for GPUVerify's headers) declares
// size_t and clock_t itself, with types the C library drfcheck's
// environment includes declares otherwise (unsigned long, long): clang
// rejects the typedefs. The file's code is checked with the file's own
// types, as its author compiled it.
typedef unsigned int size_t;
typedef unsigned int clock_t;

// With a 32-bit size_t, k = t * 2^31 wraps to 0 or 2^31, so k >> 31 is
// t & 1 and threads 0 and 2 write a[0]. With the 64-bit size_t of the
// environment, k >> 31 would be t, distinct for every thread: checking
// with the wrong type would miss this race.
__global__ void own_size_racy(int *a) {
  size_t k = (size_t)threadIdx.x * 2147483648u;
  a[k >> 31] = threadIdx.x; // want race
}

__global__ void own_clock_drf(clock_t *times) {
  clock_t start = (clock_t)clock();
  times[threadIdx.x] = start;
}
