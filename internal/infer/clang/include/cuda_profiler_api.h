// drfcheck stub: cudaProfilerStart and cudaProfilerStop are in cuda_runtime_api.h.
#include "cuda_runtime_api.h"
