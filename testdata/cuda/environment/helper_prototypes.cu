// expect: blend=drf, shifted=racy, mine=unknown
//--blockDim=64 --gridDim=1
// Prototypes without bodies, as extracted benchmark and sample code has
// them where math.h and helper_math.h were replaced by declarations.
// fabs(float) redeclares the math library's function (for C++, the same
// function, whose semantics the prelude states); lerpf and length(float2)
// have the signatures of helper_math.h's helpers, taken as those helpers
// (a note says so). Each is a function of its arguments that touches no
// memory, so blend's only accesses are its own out[t] and in[t]: race
// free. A prototype of anything else may touch any memory: mine is
// unknown, never race free.
__device__ float fabs(float);
__device__ float lerpf(float, float, float);
__device__ float length(float2);
__device__ float mystery(float);

__global__ void blend(float *out, const float *in) {
  int t = threadIdx.x;
  out[t] = lerpf(fabs(in[t]), length(make_float2(in[t], 1.0f)), 0.5f);
}

// thread t writes out[t + 1], which thread t + 1 reads: the helper's call
// hides no access, and adds none
__global__ void shifted(float *out) {
  int t = threadIdx.x;
  out[t + 1] = lerpf(out[t], 1.0f, 0.5f); // want race
}

__global__ void mine(float *out, const float *in) {
  int t = threadIdx.x;
  out[t] = mystery(in[t]); // want unknown
}
