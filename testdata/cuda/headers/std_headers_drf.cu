// expect: drf
//--blockDim=128 --gridDim=[*,1,1]
// A whole program that includes the C++ standard library with its CUDA
// code: <new>, <memory> and <vector> go through clang's cuda_wrappers/new,
// which calls the device malloc and free, and libstdc++'s <memory> writes
// __attribute__((__noinline__)), which nvcc's __noinline__ macro must not
// break. The kernel smooths each block's tile: every thread writes its own
// cell of the tile, and after the barrier reads its neighbours', then
// writes its own element of out. The std:: math in device code is CUDA's.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

__global__ __noinline__ void smooth(float *out, const float *in, int n) {
  __shared__ float tile[128];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  tile[t] = i < n ? std::sqrt(std::abs(in[i])) : 0.0f;
  __syncthreads();
  float left = t > 0 ? tile[t - 1] : 0.0f;
  float right = t < 127 ? tile[t + 1] : 0.0f;
  if (i < n)
    out[i] = (left + tile[t] + right) / 3.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  std::vector<float> host(n, 1.0f);
  std::unique_ptr<float[]> result(new float[n]);
  std::string name = "smooth";
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  auto start = std::chrono::steady_clock::now();
  smooth<<<(n + 127) / 128, 128>>>(out, in, n);
  cudaDeviceSynchronize();
  auto stop = std::chrono::steady_clock::now();
  cudaMemcpy(result.get(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  std::pair<float, float> range = std::minmax(result[0], result[n - 1]);
  std::cout << name << ": " << std::chrono::duration<double>(stop - start).count() << " s, " << range.first << std::endl;
  std::printf("%f\n", std::sqrt(range.second));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
