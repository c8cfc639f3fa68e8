// expect: drf
//--blockDim=32 --gridDim=1
// The fixed version of inherit_chain_racy.cu: the int at index 3i + 4 is
// byte 12(i + 1) + 4, a[i + 1].y, which no thread stores otherwise (each
// thread stores only its own z and this y), so no two threads meet.
struct s {
  int x;
};
struct t : s {
  int y;
};
struct u : t {
  int z;
};

__global__ void k() {
  __shared__ u a[33];
  int *w = (int *)a;
  unsigned i = threadIdx.x;
  a[i].z = 1;
  w[3 * i + 4] = 2;
}
