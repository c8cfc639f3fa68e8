// drfcheck stub of the CUDA samples' helper_cuda.h (host code).
#ifndef DRFCHECK_HELPER_CUDA_H
#define DRFCHECK_HELPER_CUDA_H
#include "drfcheck_prelude.h"
#include "helper_string.h"
#define checkCudaErrors(val) (val)
#define getLastCudaError(msg) ((void)0)
#define printLastCudaError(msg) ((void)0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
inline const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorString(error); }
inline int _ConvertSMVer2Cores(int major, int minor) { return 64; }
inline const char *_ConvertSMVer2ArchName(int major, int minor) { return "Ampere"; }
inline int gpuDeviceInit(int devID) { return devID; }
inline int gpuGetMaxGflopsDeviceId() { return 0; }
inline int findCudaDevice(int argc, const char **argv) { return 0; }
inline int findIntegratedGPU() { return 0; }
inline bool checkCudaCapabilities(int major, int minor) { return true; }
#endif
