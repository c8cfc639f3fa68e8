// expect: first=drf, last=drf
//--blockDim=32 --gridDim=1
// The fixes of pack_racy.cu. first: byte 5 is s[1].c, next to s[1].x
// (bytes 6 to 9) but not in it. last: s[1].x is bytes 5 to 8; the int at
// bytes 12 to 15 holds the end of s[2].x, s[2].c and the start of s[3].x:
// none of bytes 5 to 8.
#pragma pack(push, 1)
struct P {
  char c;
  int x;
};
struct Q {
  int x;
  char c;
};
#pragma pack(pop)

__global__ void first() {
  __shared__ P s[4];
  if (threadIdx.x == 0)
    s[1].x = 1;
  else if (threadIdx.x == 1)
    ((char *)s)[5] = 2;
}

__global__ void last() {
  __shared__ Q s[4];
  if (threadIdx.x == 0)
    s[1].x = 1;
  else if (threadIdx.x == 1)
    ((int *)s)[3] = 2;
}
