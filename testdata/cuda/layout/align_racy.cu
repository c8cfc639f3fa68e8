// expect: racy
//--blockDim=32 --gridDim=1
// __align__(16) makes S 16 bytes long although it holds one int: s[1].a
// is at byte 16 of s, the int q[4]. Thread 0 writes s[1].a and thread 1
// writes q[4], with no barrier between them: the same four bytes. Laid out
// from its field alone (4 bytes), s[1].a would be q[1], and the two writes
// would look disjoint.
struct __align__(16) S {
  int a;
};

__global__ void k() {
  __shared__ S s[4];
  int *q = (int *)s;
  if (threadIdx.x == 0)
    s[1].a = 1; // want race
  else if (threadIdx.x == 1)
    q[4] = 2; // want race
}
