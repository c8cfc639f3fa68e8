// expect: drf
//--blockDim=32 --gridDim=1
// A float array written four floats at a time through a float4 pointer:
// thread t writes A[4t..4t+3]; the scalar writes after them start at
// A[4 * 32].
__global__ void vec(float *A) {
  reinterpret_cast<float4 *>(A)[threadIdx.x] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  A[4 * blockDim.x + threadIdx.x] = 0.0f;
}
