// drfcheck stub: textures and surfaces are declared in cuda_runtime.h.
#include "cuda_runtime.h"
