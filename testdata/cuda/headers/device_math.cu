// expect: transform=drf, exponent=racy
//--blockDim=128 --gridDim=1
// The CUDA math API, its intrinsics, helper_math's vector arithmetic and the
// __CUDA_ARCH__ device path. Every function is a value of its arguments,
// except that a pointer argument is written: in transform, frexpf, modff and
// sincospif write the thread's own cells of the shared arrays (or locals),
// so nothing is shared before the barrier, and after it each thread reads
// its neighbour's cells and writes its own out[t]. In exponent every thread
// has frexpf write the exponent to e[0]: a write/write race.
#include <helper_math.h>

#if __CUDA_ARCH__ < 350
#error "the device path needs __CUDA_ARCH__ >= 350"
#endif

__global__ void transform(float4 *out, const float2 *in, cudaTextureObject_t tex, cudaSurfaceObject_t surf) {
  __shared__ int e[128];
  __shared__ float s[128], c[128];
  int t = threadIdx.x;
  float2 d = in[t];
  float frac = frexpf(d.x, &e[t]);
  float whole;
  float part = modff(d.y, &whole);
  sincospif(part, &s[t], &c[t]);
  float v = ldexpf(frac, 2) + normcdff(whole) + erfinvf(0.5f) + __exp10f(part) + __fdiv_rn(d.x, d.y) +
            __fsqrt_rn(fabsf(d.x)) + (float)__drcp_rn(2.0) + (float)__dsqrt_rn(2.0) + __fmaf_rn(d.x, d.y, 1.0f) +
            __fadd_rd(d.x, d.y) + __saturatef(d.y) + rsqrtf(2.0f) + sinpif(d.x) + cospif(d.y) + __expf(1.0f) +
            tex2D<float>(tex, d.x, d.y) + tex1Dfetch<float>(tex, t) + surf2Dread<float>(surf, t * 4, 0);
  unsigned int bits = __float_as_uint(v);
  int mixed = __hadd(t, 3) + __rhadd(t, 5) + __sad(t, 7, 1u) + __usad(bits, 3u, 0u) + __popc(bits) + __clz(t) +
              (int)__umul64hi(bits, 3ull) + (int)__mul64hi(t, 5ll) + (int)__funnelshift_l(bits, 1u, 4u) +
              (int)__vabs2(bits) + (int)__vadd2(bits, 1u) + (int)__vsub4(bits, 2u) + __shfl_xor_sync(0xffffffff, t, 1);
#if __CUDA_ARCH__ >= 600
  float2 p = make_float2(1.0f, 2.0f) + v * d;
#else
  float2 p = make_float2(v, v);
#endif
  p += d;
  float3 q = make_float3(p, (float)mixed);
  __syncthreads();
  float n = s[(t + 1) % 128] + c[(t + 127) % 128] + (float)e[(t + 1) % 128];
  out[t] = make_float4(normalize(q), length(p) + n);
}

__global__ void exponent(float *out, const float *in) {
  __shared__ int e[1];
  int t = threadIdx.x;
  out[t] = frexpf(in[t], &e[0]); // want race
}
