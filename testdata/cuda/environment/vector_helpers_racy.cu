// expect: racy
//--blockDim=64 --gridDim=1
// The file defines its own dot, which writes into the array it is given
// (not what helper_math.h's dot does), and uses float3 operators it never
// declares. drfcheck's declarations of helper_math.h's functions never
// take the place of the file's own: dot here is the file's, and the
// kernel races through it (every thread writes its index to hits[0]).
__device__ float dot(float3 a, float3 b, int *hits) {
  hits[0] = threadIdx.x; // want race
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

__device__ float dot(float3 a, float3 b) { return a.x * b.x; }

__global__ void trace(float3 *dir, float *out, int *hits) {
  float3 d = dir[threadIdx.x] - make_float3(0.5f);
  out[threadIdx.x] = dot(d, d, hits) + dot(d, d);
}
