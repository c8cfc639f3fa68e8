// drfcheck stub: threadIdx, blockIdx, blockDim and gridDim are declared in
// the prelude.
#include "drfcheck_prelude.h"
