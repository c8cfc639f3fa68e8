// drfcheck stub: the runtime's types are in cuda_runtime_api.h.
#include "cuda_runtime_api.h"
