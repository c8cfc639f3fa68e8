// expect: unknown
//--blockDim=64 --gridDim=1
// No __requires says which functions f may be: the launch could pass any
// device function, so the call cannot be followed.
typedef void (*store)(int *, int);

__global__ void dispatch(int *a, store f) {
  f(a, threadIdx.x); // want unknown
}
