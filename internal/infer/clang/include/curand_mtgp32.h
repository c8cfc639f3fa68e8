// drfcheck stub: cuRAND is declared in curand_kernel.h.
#include "curand_kernel.h"
