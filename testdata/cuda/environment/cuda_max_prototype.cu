// expect: clamp<float>=drf, window_racy=racy
//--blockDim=64 --gridDim=1
// Old code declares CUDA's own max as a __device__ prototype, a function
// CUDA's headers define __host__ __device__: clang refuses the overload,
// nvcc takes it. drfcheck blanks such a prototype (a note says so) and the
// calls are CUDA's max, a function of its arguments that drfcheck models:
// max(t, 0) is t, so each thread of clamp writes its own cell. (In a
// template, clang resolved the call to the prototype it had refused, and
// the kernel was not checked.)
__device__ float max(float, float);
__device__ int max(int, int);

template <typename T>
__global__ void clamp(T *out, const T *in) {
  int t = threadIdx.x;
  out[max(t, 0)] = max(static_cast<T>(0), in[t]);
}
template __global__ void clamp<float>(float *out, const float *in);

// max(t - 1, 0) is t - 1 for t >= 1: thread 1 reads out[0], which thread 0
// writes.
__global__ void window_racy(float *out) {
  int t = threadIdx.x;
  out[t] = out[max(t - 1, 0)] + 1.0f; // want race
}
