// drfcheck stub of the CUDA samples' helper_math.h: arithmetic on the vector
// types (float2/3/4, int2/3/4, uint2/3/4), written out so that the front
// end inlines it. These operators are declared only here: a file that
// defines its own does not include this header.
#ifndef DRFCHECK_HELPER_MATH_H
#define DRFCHECK_HELPER_MATH_H
#include "drfcheck_prelude.h"

#define __DRF_HM inline __host__ __device__
#include "drfcheck_helper_math_body.h"
#undef __DRF_HM

#endif
