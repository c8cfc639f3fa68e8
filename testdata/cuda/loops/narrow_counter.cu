// expect: stepped=drf, bounded_param=drf, wraps=racy
//--blockDim=16 --gridDim=1
// A counter of a type narrower than int: ib += blockDim.x is
// ib = (short)(ib + blockDim.x), a narrowing. In the body of
// `for (...; ib < 84; ...)` ib is below 84, so ib + blockDim.x is at most
// 83 + 1024 and the narrowing changes nothing: ib steps by blockDim.x
// exactly, from threadIdx.x, and each thread writes its own cells
// (ib % 16 == threadIdx.x). The bound may come from a precondition.
__global__ void stepped(int *a) {
  short ib;
  for (ib = threadIdx.x; ib < 84; ib += blockDim.x)
    a[ib] = threadIdx.x;
}

__global__ void bounded_param(int *a, short w) {
  __requires(w == 80);
  short ib;
  for (ib = threadIdx.x; ib < w + 4; ib += blockDim.x)
    a[ib] = threadIdx.x;
}

// c < 250 does not keep c + 16 within unsigned char: thread 15 goes from
// c = 240 to c = 0 and writes a[0], which thread 0 writes first
__global__ void wraps(int *a) {
  unsigned char c;
  int n;
  for (c = threadIdx.x * 16, n = 0; c < 250 && n < 2; c += 16, n++)
    a[c] = threadIdx.x; // want race
}
