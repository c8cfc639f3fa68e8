// drfcheck stub: device functions are declared in
// the prelude.
#include "drfcheck_prelude.h"
