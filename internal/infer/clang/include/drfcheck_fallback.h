// drfcheck's fallback environment: what benchmark and sample code expects
// to be there without including it (the CUDA samples' helper_math.h
// vector helpers, math_constants.h's CUDART_* constants, cuRAND's device
// API). The front end force-includes it only in a second run of clang, for
// a file whose first run had errors, and keeps that run only when it has
// fewer errors (internal/infer/clang, Parse). The helper functions are function
// templates with a default argument: a function of the file's own with
// the same parameters (its own dot, operator+ or make_float3) is not a
// template, so it never conflicts with them and always wins overload
// resolution over them; only where the file has none are they used.
#ifndef DRFCHECK_FALLBACK_H
#define DRFCHECK_FALLBACK_H
#include "drfcheck_prelude.h"
#include "math_constants.h"
#include "curand_kernel.h"

#define __DRF_HM template <class __DrfFallback = void> inline __host__ __device__
#include "drfcheck_helper_math_body.h"
#undef __DRF_HM

// overloads on vectors that sample code declares beside helper_math's
template <class __DrfFallback = void> inline __device__ float2 __saturatef(float2 v) { return make_float2(__saturatef(v.x), __saturatef(v.y)); }
template <class __DrfFallback = void> inline __device__ float3 __saturatef(float3 v) { return make_float3(__saturatef(v.x), __saturatef(v.y), __saturatef(v.z)); }
template <class __DrfFallback = void> inline __device__ float4 __saturatef(float4 v) { return make_float4(__saturatef(v.x), __saturatef(v.y), __saturatef(v.z), __saturatef(v.w)); }
// saturate(x): older CUDA's name for __saturatef, which sample code uses
template <class __DrfFallback = void> inline __device__ float saturate(float x) { return __saturatef(x); }
template <class __DrfFallback = void> inline __host__ __device__ float lerpf(float a, float b, float c) { return a + (b - a) * c; }
template <class __DrfFallback = void> inline __host__ __device__ float3 lerpf(float3 a, float3 b, float c) { return make_float3(lerpf(a.x, b.x, c), lerpf(a.y, b.y, c), lerpf(a.z, b.z, c)); }
template <class __DrfFallback = void> inline __host__ __device__ float4 lerpf(float4 a, float4 b, float c) { return make_float4(lerpf(a.x, b.x, c), lerpf(a.y, b.y, c), lerpf(a.z, b.z, c), lerpf(a.w, b.w, c)); }

#endif
