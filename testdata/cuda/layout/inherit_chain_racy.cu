// expect: racy
//--blockDim=32 --gridDim=1
// A chain of base classes: u derives from t, which derives from s. u is
// laid out as x (byte 0, from s), y (4, from t), z (8), 12 bytes in all.
// Thread i stores a[i].z and the int at index 3i + 5 of the same memory,
// byte 12i + 20 = 12(i + 1) + 8, which is a[i + 1].z: thread i + 1 stores
// it too, a race.
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
  a[i].z = 1;       // want race
  w[3 * i + 5] = 2; // want race
}
