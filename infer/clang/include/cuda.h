// drfcheck stub of cuda.h: everything is in the prelude and cuda_runtime.h.
#include "cuda_runtime.h"
