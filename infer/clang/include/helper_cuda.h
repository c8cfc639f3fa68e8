// drfcheck stub of the CUDA samples' helper_cuda.h.
#ifndef DRFCHECK_HELPER_CUDA_H
#define DRFCHECK_HELPER_CUDA_H
#include "drfcheck_prelude.h"
#define checkCudaErrors(val) (val)
#define getLastCudaError(msg) ((void)0)
inline int findCudaDevice(int argc, const char **argv) { return 0; }
#endif
