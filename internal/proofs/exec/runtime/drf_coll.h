// drf_coll.h: what drf_rt.cc (instrumented) and drf_shim.cc (not
// instrumented) share about the warp's collective functions (shuffles,
// votes, reductions, matches) and the scope marks of atomics.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace drf {

// The collective functions of a warp.
enum CollOp : int {
  kShfl = 1,
  kShflUp,
  kShflDown,
  kShflXor,
  kVoteAll,
  kVoteAny,
  kBallot,
  kRedAdd,
  kRedMinS,
  kRedMaxS,
  kRedMinU,
  kRedMaxU,
  kRedAnd,
  kRedOr,
  kRedXor,
  kMatchAny,
  kMatchAll,
};

// CollSlot is one lane's call of a collective: its arguments, written by
// the lane, and its result, written by the lane that completes the call.
struct CollSlot {
  uint64_t val; // the value (bits, zero-extended), or the predicate of a vote
  uint64_t res; // the result
  unsigned mask;
  int op;
  int arg;   // the shuffle's source lane, delta or lane mask
  int width; // the shuffle's width (0: the warp size)
  int size;  // bytes of the value
  int pred;  // __match_all_sync's predicate
};

// Flags of a scope mark: the access writes (an atomic read-modify-write or
// store, not a load); its scope is the block (not the device or system).
enum : int { kMarkWrite = 1, kMarkBlock = 2 };

} // namespace drf

extern "C" {
// drf_coll_put writes a lane's call into its slot, then fences.
void drf_coll_put(drf::CollSlot *s, int op, unsigned mask, uint64_t val, int size, int arg, int width);
// drf_coll_compute computes the results of the n lanes of a warp of warp
// lanes that have all called the collective of one call site. It returns
// -1 when every call is well-formed, else the lane of a call that CUDA
// leaves undefined, with the reason in why.
int drf_coll_compute(drf::CollSlot *lanes, unsigned n, unsigned warp, char *why, size_t whylen);
// drf_coll_get fences, then reads a lane's result.
uint64_t drf_coll_get(const drf::CollSlot *s, int *pred);
// drf_scope_mark records an atomic access of n bytes at p by a thread of
// block blk, with its flags, for the scope rule (see drf_shim.cc).
void drf_scope_mark(const void *p, size_t n, unsigned blk, int flags);
}
