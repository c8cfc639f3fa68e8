// expect: drf
//--blockDim=32 --gridDim=1
// A multiplicative loop without barriers is checked over every value in
// its range (1..31 here, more than the powers of two it takes): still one
// cell per (thread, value).
__global__ void powers(int *out) {
  for (int m = 1; m < 32; m <<= 1)
    out[threadIdx.x * 32 + m] = m;
}
