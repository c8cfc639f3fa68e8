// expect: drf
//--blockDim=32 --gridDim=1
// The fix of align_racy.cu: thread 1 writes q[1], bytes 4 to 7 of s,
// which are padding of s[0] (S is 16 bytes, a at 0). Thread 0 writes
// s[1].a, bytes 16 to 19. No byte is written by both.
struct __align__(16) S {
  int a;
};

__global__ void k() {
  __shared__ S s[4];
  int *q = (int *)s;
  if (threadIdx.x == 0)
    s[1].a = 1;
  else if (threadIdx.x == 1)
    q[1] = 2;
}
