// expect: racy
//--blockDim=32 --gridDim=1
// lane is unsigned, so lane - 1 wraps for lane 0 and (lane - 1) & 31 is 31:
// lane 0 writes s[31], which lane 5 also writes.
__global__ void rotate(int *out) {
  __shared__ int s[64];
  unsigned lane = threadIdx.x;
  s[(lane - 1) & 31] = 1;   // want race
  if (lane == 5) s[31] = 2; // want race
}
