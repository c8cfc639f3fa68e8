// expect: drf
//--blockDim=16 --gridDim=2
// Each block rotates its 16 cells of won by a lead read from the input: an
// int, converted to unsigned, so (lead + tid) % 16u is in [0, 16) whatever
// its sign, and the blocks' ranges [16 b, 16 b + 16) do not meet. A value
// read from memory is in its type's range: taken as any integer, a lead
// below -2^32 made the sum wrap twice and the remainder negative, a false
// race between the blocks.
__global__ void rotate(const int *el, int *won) {
  int lead = el[blockIdx.x];
  won[blockIdx.x * 16u + ((unsigned)lead + (unsigned)threadIdx.x) % 16u] = threadIdx.x;
}
