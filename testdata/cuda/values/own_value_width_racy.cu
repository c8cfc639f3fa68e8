// expect: racy
//--blockDim=64 --gridDim=1
// A byte store over the low byte of the thread's int cell changes what it
// reads back: s[t] is 0 for every thread (little-endian; the int's other
// bytes were 0), so every thread writes out[0]. A load of other bytes than
// the last store's is not that store's value.
__global__ void own_value_width(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  ((unsigned char *)s)[4 * t] = 0;
  out[s[t]] = t; // want race
}
