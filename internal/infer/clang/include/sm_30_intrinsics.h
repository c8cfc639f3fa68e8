// drfcheck stub: everything is declared in the prelude.
#include "drfcheck_prelude.h"
