// expect: drf
//--blockDim=64 --gridDim=1
// A file whose own dot(float3, float3) has the same parameters as
// helper_math.h's, and which needs drfcheck's declarations for float3's
// operator- (it declares none): the file's dot is called, not
// drfcheck's. Each thread writes its own element of out (v is only
// read).
__device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y; }

__global__ void project(const float3 *v, float *out) {
  float3 d = v[threadIdx.x] - v[0];
  out[threadIdx.x] = dot(d, d);
}
