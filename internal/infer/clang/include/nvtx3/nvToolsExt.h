// drfcheck stub of NVTX 3: see nvToolsExt.h.
#include "../nvToolsExt.h"
