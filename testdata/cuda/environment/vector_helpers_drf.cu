// expect: drf
//--blockDim=64 --gridDim=4
// Sample code uses helper_math.h's vector helpers (make_float3 of one
// scalar, float3 operators, length, normalize, clamp, lerp) and
// math_constants.h's CUDART_PI_F without including either, as the CUDA
// samples' extracted kernels do: drfcheck declares them for such a file
// (a note says so). The values are floating point, hence unknown; what
// decides races is the index: each thread writes its own element.
__global__ void shade(float3 *pos, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float3 p = pos[i] * 2.0f + make_float3(1.0f);
    float3 d = normalize(p - make_float3(0.0f, 1.0f, 0.0f));
    out[i] = clamp(length(d) * CUDART_PI_F, 0.0f, 1.0f) + lerp(0.0f, 1.0f, 0.5f);
  }
}
