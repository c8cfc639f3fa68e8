// expect: racy
//--blockDim=64 --gridDim=1
// reinterpret_cast<float4 *>(s)[t].w is s[4t + 3]: thread t + 1 writes
// s[4t + 7] = s[4(t + 1) + 3], which thread t writes second.
__global__ void pack(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  reinterpret_cast<float4 *>(s)[t].w = 1.0f; // want race
  s[4 * t + 7] = 2.0f;                       // want race
}
