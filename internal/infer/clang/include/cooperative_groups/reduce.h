// drfcheck stub of cooperative_groups/reduce.h: reduce(g, v, op) combines
// the values of the threads of g, through the warp shuffles (whose results
// drfcheck does not know).
#ifndef DRFCHECK_CG_REDUCE_H
#define DRFCHECK_CG_REDUCE_H
#include "../cooperative_groups.h"

namespace cooperative_groups {
template <class G, class T, class Op> __device__ inline T reduce(const G &g, T value, Op op) {
  return op(value, __shfl_xor_sync(0xffffffff, value, 1, 32));
}
}  // namespace cooperative_groups

#endif
