// drfcheck stub of cooperative_groups/scan.h: the scans combine the values
// of the threads of g, through the warp shuffles (whose results drfcheck
// does not know).
#ifndef DRFCHECK_CG_SCAN_H
#define DRFCHECK_CG_SCAN_H
#include "../cooperative_groups.h"

namespace cooperative_groups {
template <class G, class T, class Op> __device__ inline T inclusive_scan(const G &g, T value, Op op) {
  return op(value, __shfl_up_sync(0xffffffff, value, 1, 32));
}
template <class G, class T> __device__ inline T inclusive_scan(const G &g, T value) {
  return value + __shfl_up_sync(0xffffffff, value, 1, 32);
}
template <class G, class T, class Op> __device__ inline T exclusive_scan(const G &g, T value, Op op) {
  return op(value, __shfl_up_sync(0xffffffff, value, 1, 32));
}
template <class G, class T> __device__ inline T exclusive_scan(const G &g, T value) {
  return __shfl_up_sync(0xffffffff, value, 1, 32);
}
}  // namespace cooperative_groups

#endif
