// drfcheck stub: the device runtime is declared in cuda_runtime_api.h.
#include "cuda_runtime.h"
