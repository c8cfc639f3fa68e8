// expect: unknown
//--blockDim=64 --gridDim=1
// The function is read from memory: the table could hold any function,
// one that writes anywhere, so the call cannot be followed.
typedef void (*store)(int *, int);

__global__ void dispatch(int *a, store *table) {
  store f = table[threadIdx.x % 4];
  f(a, threadIdx.x); // want unknown
}
