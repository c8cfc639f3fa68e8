// expect: racy
//--blockDim=[*,1,1] --gridDim=[*,1,1]
// Host code that uses the runtime API as real programs do, with the names
// nvcc makes visible without an include (printf, malloc, memcpy, assert,
// exit, NULL, uint32_t, clock_t): none of it is checked, but all of it must
// get through clang. The kernel stages its block's words in dynamic shared
// memory (each thread its own word), and after the barrier threads 2k and
// 2k + 1 both write out[k]: a write/write race. The reads of the constant
// table and of the staged words race with nothing.
#include <cuda_runtime.h>

#if !defined(CUDART_VERSION) || CUDART_VERSION < 9000 || __CUDACC_VER_MAJOR__ < 9
#error "needs CUDA 9"
#endif

__constant__ uint32_t scale[4];

__global__ void pairs(uint32_t *out, const uint32_t *in, int n) {
  extern __shared__ uint32_t staged[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  memcpy(&staged[t], &in[i], sizeof(uint32_t));
  __syncthreads();
  clock_t start = clock();
  out[i / 2] = staged[t] * scale[t % 4] + (uint32_t)(clock() - start); // want race
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  int device = 0;
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, device), "properties");
  check(cudaSetDevice(device), "device");
  printf("%s, compute capability %d.%d, %d SMs\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);

  uint32_t *host = (uint32_t *)malloc(n * sizeof(uint32_t));
  assert(host != NULL);
  uint32_t table[4] = {1, 2, 3, 4};
  memcpy(host, table, sizeof(table));
  uint32_t *in, *out;
  check(cudaMalloc(&in, n * sizeof(uint32_t)), "malloc");
  check(cudaMallocManaged(&out, n * sizeof(uint32_t)), "managed");
  check(cudaMemset(out, 0, n * sizeof(uint32_t)), "memset");
  check(cudaMemcpy(in, host, n * sizeof(uint32_t), cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpyToSymbol(scale, table, sizeof(table)), "symbol");
  check(cudaFuncSetCacheConfig(pairs, cudaFuncCachePreferShared), "cache");

  cudaStream_t stream;
  cudaEvent_t begin, end;
  cudaStreamCreate(&stream);
  cudaEventCreate(&begin);
  cudaEventCreate(&end);
  dim3 block(256), grid((n + block.x - 1) / block.x);
  clock_t c0 = clock();
  cudaEventRecord(begin, stream);
  pairs<<<grid, block, block.x * sizeof(uint32_t), stream>>>(out, in, n);
  cudaEventRecord(end, stream);
  check(cudaGetLastError(), "launch");
  cudaEventSynchronize(end);
  float ms = 0;
  cudaEventElapsedTime(&ms, begin, end);
  check(cudaDeviceSynchronize(), "sync");
  printf("%.3f ms (%ld ticks)\n", ms, (long)(clock() - c0));

  cudaEventDestroy(begin);
  cudaEventDestroy(end);
  cudaStreamDestroy(stream);
  cudaFree(in);
  cudaFree(out);
  free(host);
  return 0;
}
