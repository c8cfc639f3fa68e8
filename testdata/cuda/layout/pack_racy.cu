// expect: first=racy, last=racy
//--blockDim=32 --gridDim=1
// #pragma pack(1) removes the padding: P is 5 bytes, x at byte 1.
// first: s[1].x covers bytes 6 to 9 of s; thread 1 writes byte 6.
// last: Q is 5 bytes too, x at 0, so s[1].x covers bytes 5 to 8 and
// straddles the ints of bytes 4..7 and 8..11; thread 1 writes the int at
// bytes 8 to 11, which shares byte 8 with it.
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
    s[1].x = 1; // want race
  else if (threadIdx.x == 1)
    ((char *)s)[6] = 2; // want race
}

__global__ void last() {
  __shared__ Q s[4];
  if (threadIdx.x == 0)
    s[1].x = 1; // want race
  else if (threadIdx.x == 1)
    ((int *)s)[2] = 2; // want race
}
