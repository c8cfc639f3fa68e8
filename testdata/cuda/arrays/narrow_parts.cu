// expect: bytes=drf, carved=drf, bytes_racy=racy, mixed_racy=racy
//--blockDim=64 --gridDim=1
// An array accessed in parts narrower than its elements: each byte (or
// ushort) is a memory location of its own in C++, so threads writing
// different bytes of one int do not race; a whole-int access covers its
// four bytes.
__global__ void bytes(int *a) {
  char *c = (char *)a;
  c[threadIdx.x] = 1;
}

__global__ void carved(unsigned short *out) {
  extern __shared__ float4 buf[];
  unsigned short *u = (unsigned short *)buf;
  u[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = u[63 - threadIdx.x];
}

// threads 2k and 2k + 1 write one byte
__global__ void bytes_racy(int *a) {
  char *c = (char *)a;
  c[threadIdx.x / 2] = threadIdx.x; // want race
}

// thread 1 writes byte 2, inside the int a[0] that thread 0 writes
__global__ void mixed_racy(int *a) {
  char *c = (char *)a;
  c[threadIdx.x + 1] = threadIdx.x; // want race
  a[threadIdx.x] = 0; // want race
}
