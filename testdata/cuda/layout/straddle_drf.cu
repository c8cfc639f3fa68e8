// expect: drf
//--blockDim=2 --gridDim=1
// The fixed version of straddle_racy.cu: thread 1 stores the short at
// bytes 8..9, in int 2, which b (bytes 2..5, ints 0 and 1) does not reach.
// (A short at bytes 6..7 would share no byte with b either, but it shares
// int 1 with it, and drfcheck's cells are the buffer's ints: it would be
// reported.)
#pragma pack(push, 1)
struct L {
  short a;
  int b;
};
#pragma pack(pop)
__global__ void k(int *lay) {
  if (threadIdx.x == 0)
    reinterpret_cast<L *>(lay)[0].b = 1;
  else
    reinterpret_cast<short *>(lay)[4] = 2;
}
