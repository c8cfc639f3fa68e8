// expect: racy
//--blockDim=32 --gridDim=1
// Thread 0's float4 covers A[0..3]; thread 1 writes A[2].
__global__ void vec(float *A) {
  reinterpret_cast<float4 *>(A)[threadIdx.x] = make_float4(1.0f, 2.0f, 3.0f, 4.0f); // want race
  A[threadIdx.x + 1] = 0.0f; // want race
}
