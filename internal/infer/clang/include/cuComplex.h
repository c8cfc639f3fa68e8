// drfcheck stub of cuComplex.h: complex numbers as float2 and double2, with
// the arithmetic written out so that the front end inlines it.
#ifndef DRFCHECK_CUCOMPLEX_H
#define DRFCHECK_CUCOMPLEX_H
#include "drfcheck_prelude.h"
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#define __DRF_CPLX(C, R, s, mk) \
  __host__ __device__ inline R cuCreal##s(C x) { return x.x; } \
  __host__ __device__ inline R cuCimag##s(C x) { return x.y; } \
  __host__ __device__ inline C make_cu##mk##Complex(R r, R i) { C c; c.x = r; c.y = i; return c; } \
  __host__ __device__ inline C cuConj##s(C x) { return make_cu##mk##Complex(x.x, -x.y); } \
  __host__ __device__ inline C cuCadd##s(C x, C y) { return make_cu##mk##Complex(x.x + y.x, x.y + y.y); } \
  __host__ __device__ inline C cuCsub##s(C x, C y) { return make_cu##mk##Complex(x.x - y.x, x.y - y.y); } \
  __host__ __device__ inline C cuCmul##s(C x, C y) { return make_cu##mk##Complex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x); } \
  __host__ __device__ inline C cuCdiv##s(C x, C y) { \
    R d = y.x * y.x + y.y * y.y; \
    return make_cu##mk##Complex((x.x * y.x + x.y * y.y) / d, (x.y * y.x - x.x * y.y) / d); \
  } \
  __host__ __device__ inline R cuCabs##s(C x) { return sqrt(x.x * x.x + x.y * x.y); } \
  __host__ __device__ inline C cuCfma##s(C x, C y, C d) { return cuCadd##s(cuCmul##s(x, y), d); }
__DRF_CPLX(cuFloatComplex, float, f, Float)
__DRF_CPLX(cuDoubleComplex, double, , Double)
__host__ __device__ inline cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) { return make_cuDoubleComplex(c.x, c.y); }
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) { return make_cuFloatComplex((float)c.x, (float)c.y); }
#endif
