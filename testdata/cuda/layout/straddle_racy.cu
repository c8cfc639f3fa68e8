// expect: racy
//--blockDim=2 --gridDim=1
// An int buffer viewed through a packed struct: L is 6 bytes, its b at
// bytes 2..5, so b straddles ints 0 and 1 of the buffer. Thread 0 stores
// b (bytes 2..5); thread 1 stores the short at bytes 4..5, inside int 1:
// both write bytes 4 and 5, a race that only the second int shows.
#pragma pack(push, 1)
struct L {
  short a;
  int b;
};
#pragma pack(pop)
__global__ void k(int *lay) {
  if (threadIdx.x == 0)
    reinterpret_cast<L *>(lay)[0].b = 1; // want race
  else
    reinterpret_cast<short *>(lay)[2] = 2; // want race
}
