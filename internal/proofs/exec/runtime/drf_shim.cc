// drf_shim.cc: word-granular shadow for drfcheck's execution oracle.
//
// ThreadSanitizer keeps 4 shadow cells per 8 bytes of memory. When more
// than 4 threads touch the same 8 bytes without racing (say 62 threads read
// out[1] while threads 0 and 63 write out[0]), an older access can be evicted
// and the race that involved it missed. So the memory that kernels share
// (the arena: global memory of the parameters, __shared__ memory; and the
// program's data, where __device__ variables live) is given to
// ThreadSanitizer through a mirror in which every 4-byte word of the memory
// has an 8-byte granule of its own: word w of a region is seen at
// mirror + 8 * w, byte b of it at mirror + 8 * w + b. Accesses to different
// words never share shadow cells.
//
// The same routing serializes ThreadSanitizer's updates of one granule
// (see Stripe), so that two threads accessing a word at the same instant do
// not lose their race.
//
// This file is compiled WITHOUT -fsanitize=thread. The batch binary is linked
// with -Wl,--wrap for every ThreadSanitizer callback of plain and atomic
// accesses, so instrumented code calls the __wrap_ functions below, which
// report the access to ThreadSanitizer at the mirror address (or at the real
// one for other memory: stacks, the runtime's heap) with the caller's pc.
// The compiler's memcpy, memset and memmove calls in kernel code are renamed
// to drf_memcpy, drf_memset and drf_memmove (objcopy), which do the same.
//
// Atomic operations on mirrored memory are performed on the real memory,
// and recorded as relaxed atomic accesses of the mirror: CUDA atomics are
// relaxed, and the runtime's own synchronization (barrier, hand-off) uses
// memory that is not mirrored, whose atomics keep their full semantics.
#include "drf_coll.h"

#include <stddef.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>

extern "C" {
// ThreadSanitizer's entry points that take the pc.
void __tsan_read1_pc(void *a, void *pc);
void __tsan_read2_pc(void *a, void *pc);
void __tsan_read4_pc(void *a, void *pc);
void __tsan_read8_pc(void *a, void *pc);
void __tsan_read16_pc(void *a, void *pc);
void __tsan_write1_pc(void *a, void *pc);
void __tsan_write2_pc(void *a, void *pc);
void __tsan_write4_pc(void *a, void *pc);
void __tsan_write8_pc(void *a, void *pc);
void __tsan_write16_pc(void *a, void *pc);
void __tsan_read_range_pc(void *a, size_t n, void *pc);
void __tsan_write_range_pc(void *a, size_t n, void *pc);
void __tsan_func_entry(void *pc);
void __tsan_func_exit();

// The program's data (glibc and the linker define these).
extern char __data_start[];
extern char _end[];
}

namespace {

struct Region {
  uintptr_t lo = 0, hi = 0; // the memory, [lo, hi)
  uintptr_t mirror = 0;     // its mirror, twice as large
};
Region arena, data;
bool ready;

char *map(void *at, size_t size, int prot) {
  void *p = mmap(at, size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | (at ? MAP_FIXED : 0), -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<char *>(p);
}

// Stripe locks serialize ThreadSanitizer's bookkeeping of one mirror
// granule. ThreadSanitizer updates the 4 shadow cells of a granule without a
// lock, and two threads that access it at the same instant can overwrite
// each other's cell, and the race between them is lost; with tiny kernels
// whose threads start together this happens. The locks are spin locks of
// this uninstrumented file: ThreadSanitizer does not see them, and they
// order nothing but its own bookkeeping.
uint32_t stripes[4096];

struct Stripe {
  uint32_t *l;
  explicit Stripe(uintptr_t m) : l(&stripes[(m >> 3) % 4096]) {
    for (int spins = 0; __atomic_exchange_n(l, 1u, __ATOMIC_ACQUIRE) != 0;) {
      while (__atomic_load_n(l, __ATOMIC_RELAXED) != 0)
        if (++spins % 64 == 0)
          sched_yield();
        else
          __builtin_ia32_pause();
    }
  }
  ~Stripe() { __atomic_store_n(l, 0u, __ATOMIC_RELEASE); }
};

// mirrorOf returns the mirror address of a, and whether a is mirrored.
inline bool mirrorOf(uintptr_t a, uintptr_t *m) {
  if (!ready)
    return false;
  const Region *r;
  if (a - arena.lo < arena.hi - arena.lo)
    r = &arena;
  else if (a - data.lo < data.hi - data.lo)
    r = &data;
  else
    return false;
  uintptr_t off = a - r->lo;
  *m = r->mirror + (off & ~uintptr_t(3)) * 2 + (off & 3);
  return true;
}

// access reports n bytes at a, mirrored, word by word.
void access(uintptr_t a, size_t n, bool write, void *pc) {
  while (n > 0) {
    uintptr_t m;
    if (!mirrorOf(a, &m)) {
      if (write)
        __tsan_write_range_pc((void *)a, n, pc);
      else
        __tsan_read_range_pc((void *)a, n, pc);
      return;
    }
    size_t b = a & 3, k = 4 - b;
    if (k > n)
      k = n;
    void *p = (void *)m;
    Stripe lock(m);
    if (k == 4)
      write ? __tsan_write4_pc(p, pc) : __tsan_read4_pc(p, pc);
    else if (k == 2 && b % 2 == 0)
      write ? __tsan_write2_pc(p, pc) : __tsan_read2_pc(p, pc);
    else if (k == 1)
      write ? __tsan_write1_pc(p, pc) : __tsan_read1_pc(p, pc);
    else
      write ? __tsan_write_range_pc(p, k, pc) : __tsan_read_range_pc(p, k, pc);
    a += k;
    n -= k;
  }
}

// The scope rule's records (drf_scope_mark, below): where they are, and
// their reset between launches.
constexpr size_t kScopeWords = size_t(1) << 18; // words with a record, per launch
constexpr size_t kScopeRecord = 64;              // bytes of a record
char *scopes;
int scope_reset();

} // namespace

extern "C" {

// drf_shim_init maps the arena (size bytes, returned) and the mirrors. It
// runs in the main thread before any kernel thread exists. The arena is
// inaccessible until the runtime opens the part it uses (mprotect), and lies
// between inaccessible guards, so that a wild write crashes rather than
// landing somewhere unseen.
char *drf_shim_init(size_t size) {
  // The arena lies between two inaccessible guards as large as itself.
  char *g = map(nullptr, 3 * size, PROT_NONE);
  char *a = g == nullptr ? nullptr : g + size;
  char *am = map(nullptr, 2 * size, PROT_READ | PROT_WRITE);
  uintptr_t dlo = (uintptr_t)__data_start & ~uintptr_t(7);
  uintptr_t dhi = ((uintptr_t)_end + 7) & ~uintptr_t(7);
  char *dm = map(nullptr, 2 * (dhi - dlo), PROT_READ | PROT_WRITE);
  if (a == nullptr || am == nullptr || dm == nullptr)
    return nullptr;
  arena.lo = (uintptr_t)a;
  arena.hi = arena.lo + size;
  arena.mirror = (uintptr_t)am;
  data.lo = dlo;
  data.hi = dhi;
  data.mirror = (uintptr_t)dm;
  scopes = map(nullptr, kScopeWords * kScopeRecord, PROT_READ | PROT_WRITE);
  if (scopes == nullptr)
    return nullptr;
  ready = true;
  return a;
}

// drf_shim_reset gives the first used bytes of the arena, and their mirror,
// fresh zero pages, inaccessible again for the arena, between two launches.
// Mapping them anew (through ThreadSanitizer's mmap interceptor) also resets
// their shadow: shadow cells left by a launch would otherwise stay there,
// and ThreadSanitizer was seen to miss races of the next launch on the same
// addresses.
int drf_shim_reset(size_t used) {
  if (scope_reset() != 0)
    return -1;
  if (used == 0)
    return 0;
  used = (used + 4095) & ~size_t(4095);
  if (map((void *)arena.lo, used, PROT_NONE) == nullptr || map((void *)arena.mirror, 2 * used, PROT_READ | PROT_WRITE) == nullptr)
    return -1;
  return 0;
}

#define RET __builtin_return_address(0)

#define DRF_PLAIN(N)                                                                           \
  void __wrap___tsan_read##N(void *a) {                                                        \
    uintptr_t m;                                                                               \
    if (!mirrorOf((uintptr_t)a, &m))                                                           \
      __tsan_read##N##_pc(a, RET);                                                             \
    else if (N <= 4 && ((uintptr_t)a & 3) + N <= 4) {                                          \
      Stripe lock(m);                                                                          \
      __tsan_read##N##_pc((void *)m, RET);                                                     \
    }                                                                                          \
    else                                                                                       \
      access((uintptr_t)a, N, false, RET);                                                     \
  }                                                                                            \
  void __wrap___tsan_write##N(void *a) {                                                       \
    uintptr_t m;                                                                               \
    if (!mirrorOf((uintptr_t)a, &m))                                                           \
      __tsan_write##N##_pc(a, RET);                                                            \
    else if (N <= 4 && ((uintptr_t)a & 3) + N <= 4) {                                          \
      Stripe lock(m);                                                                          \
      __tsan_write##N##_pc((void *)m, RET);                                                    \
    }                                                                                          \
    else                                                                                       \
      access((uintptr_t)a, N, true, RET);                                                      \
  }
DRF_PLAIN(1)
DRF_PLAIN(2)
DRF_PLAIN(4)
DRF_PLAIN(8)
DRF_PLAIN(16)
#undef DRF_PLAIN

#define DRF_UNALIGNED(N)                                                                       \
  void __wrap___tsan_unaligned_read##N(void *a) {                                              \
    uintptr_t m;                                                                               \
    if (mirrorOf((uintptr_t)a, &m))                                                            \
      access((uintptr_t)a, N, false, RET);                                                     \
    else                                                                                       \
      __tsan_read_range_pc(a, N, RET);                                                         \
  }                                                                                            \
  void __wrap___tsan_unaligned_write##N(void *a) {                                             \
    uintptr_t m;                                                                               \
    if (mirrorOf((uintptr_t)a, &m))                                                            \
      access((uintptr_t)a, N, true, RET);                                                      \
    else                                                                                       \
      __tsan_write_range_pc(a, N, RET);                                                        \
  }
DRF_UNALIGNED(2)
DRF_UNALIGNED(4)
DRF_UNALIGNED(8)
DRF_UNALIGNED(16)
#undef DRF_UNALIGNED

void __wrap___tsan_read_range(void *a, size_t n) { access((uintptr_t)a, n, false, RET); }
void __wrap___tsan_write_range(void *a, size_t n) { access((uintptr_t)a, n, true, RET); }

// Atomics. For memory that is not mirrored the real ThreadSanitizer
// function runs, with its memory order; a frame for the caller keeps the
// caller's line in reports.
#define DRF_ATOMIC_DECLS(B, T)                                                                       \
  T __real___tsan_atomic##B##_load(const volatile T *a, int mo);                                    \
  void __real___tsan_atomic##B##_store(volatile T *a, T v, int mo);                                 \
  T __real___tsan_atomic##B##_exchange(volatile T *a, T v, int mo);                                 \
  T __real___tsan_atomic##B##_fetch_add(volatile T *a, T v, int mo);                                \
  T __real___tsan_atomic##B##_fetch_sub(volatile T *a, T v, int mo);                                \
  T __real___tsan_atomic##B##_fetch_and(volatile T *a, T v, int mo);                                \
  T __real___tsan_atomic##B##_fetch_or(volatile T *a, T v, int mo);                                 \
  T __real___tsan_atomic##B##_fetch_xor(volatile T *a, T v, int mo);                                \
  T __real___tsan_atomic##B##_fetch_nand(volatile T *a, T v, int mo);                               \
  int __real___tsan_atomic##B##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo); \
  int __real___tsan_atomic##B##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo);   \
  T __real___tsan_atomic##B##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo);
DRF_ATOMIC_DECLS(8, uint8_t)
DRF_ATOMIC_DECLS(16, uint16_t)
DRF_ATOMIC_DECLS(32, uint32_t)
DRF_ATOMIC_DECLS(64, uint64_t)
#undef DRF_ATOMIC_DECLS

} // extern "C"

namespace {

// markAtomic records an atomic access of n bytes at a (mirrored) as relaxed
// atomic accesses of the mirror, one per word.
void markAtomic(uintptr_t a, size_t n, bool write) {
  while (n > 0) {
    uintptr_t m;
    if (!mirrorOf(a, &m))
      return;
    size_t b = a & 3, k = 4 - b;
    if (k > n)
      k = n;
    Stripe lock(m);
    if (k == 4) {
      volatile uint32_t *p = (volatile uint32_t *)m;
      write ? (void)__real___tsan_atomic32_fetch_add(p, 0, 0) : (void)__real___tsan_atomic32_load(p, 0);
    } else if (k >= 2 && b % 2 == 0) {
      volatile uint16_t *p = (volatile uint16_t *)m;
      write ? (void)__real___tsan_atomic16_fetch_add(p, 0, 0) : (void)__real___tsan_atomic16_load(p, 0);
      k = 2;
    } else {
      volatile uint8_t *p = (volatile uint8_t *)m;
      write ? (void)__real___tsan_atomic8_fetch_add(p, 0, 0) : (void)__real___tsan_atomic8_load(p, 0);
      k = 1;
    }
    a += k;
    n -= k;
  }
}

struct Frame {
  explicit Frame(void *pc) { __tsan_func_entry(pc); }
  ~Frame() { __tsan_func_exit(); }
};

} // namespace

extern "C" {

#define DRF_ATOMIC(B, T)                                                                                  \
  T __wrap___tsan_atomic##B##_load(const volatile T *a, int mo) {                                        \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_load(a, mo);                                                       \
    T r = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                           \
    markAtomic((uintptr_t)a, sizeof(T), false);                                                           \
    return r;                                                                                             \
  }                                                                                                       \
  void __wrap___tsan_atomic##B##_store(volatile T *a, T v, int mo) {                                     \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_store(a, v, mo);                                                   \
    markAtomic((uintptr_t)a, sizeof(T), true);                                                            \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                             \
  }                                                                                                       \
  DRF_RMW(B, T, exchange, __atomic_exchange_n)                                                            \
  DRF_RMW(B, T, fetch_add, __atomic_fetch_add)                                                            \
  DRF_RMW(B, T, fetch_sub, __atomic_fetch_sub)                                                            \
  DRF_RMW(B, T, fetch_and, __atomic_fetch_and)                                                            \
  DRF_RMW(B, T, fetch_or, __atomic_fetch_or)                                                              \
  DRF_RMW(B, T, fetch_xor, __atomic_fetch_xor)                                                            \
  DRF_RMW(B, T, fetch_nand, __atomic_fetch_nand)                                                          \
  int __wrap___tsan_atomic##B##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo) {     \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_compare_exchange_strong(a, c, v, mo, fmo);                        \
    markAtomic((uintptr_t)a, sizeof(T), true);                                                            \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);               \
  }                                                                                                       \
  int __wrap___tsan_atomic##B##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo) {       \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_compare_exchange_weak(a, c, v, mo, fmo);                          \
    markAtomic((uintptr_t)a, sizeof(T), true);                                                            \
    return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                \
  }                                                                                                       \
  T __wrap___tsan_atomic##B##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo) {           \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_compare_exchange_val(a, c, v, mo, fmo);                            \
    markAtomic((uintptr_t)a, sizeof(T), true);                                                            \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                     \
    return c;                                                                                             \
  }

#define DRF_RMW(B, T, OP, BUILTIN)                                                                        \
  T __wrap___tsan_atomic##B##_##OP(volatile T *a, T v, int mo) {                                         \
    Frame f(RET);                                                                                         \
    uintptr_t m;                                                                                          \
    if (!mirrorOf((uintptr_t)a, &m))                                                                      \
      return __real___tsan_atomic##B##_##OP(a, v, mo);                                                    \
    markAtomic((uintptr_t)a, sizeof(T), true);                                                            \
    return BUILTIN(a, v, __ATOMIC_SEQ_CST);                                                               \
  }

DRF_ATOMIC(8, uint8_t)
DRF_ATOMIC(16, uint16_t)
DRF_ATOMIC(32, uint32_t)
DRF_ATOMIC(64, uint64_t)
#undef DRF_ATOMIC
#undef DRF_RMW

// The memory functions the compiler calls in kernel code (renamed from
// memcpy, memset and memmove in the kernels' object file).
void *drf_memcpy(void *d, const void *s, size_t n) {
  Frame f(RET);
  access((uintptr_t)s, n, false, RET);
  access((uintptr_t)d, n, true, RET);
  return __builtin_memmove(d, s, n);
}
void *drf_memmove(void *d, const void *s, size_t n) {
  Frame f(RET);
  access((uintptr_t)s, n, false, RET);
  access((uintptr_t)d, n, true, RET);
  return __builtin_memmove(d, s, n);
}
void *drf_memset(void *d, int c, size_t n) {
  Frame f(RET);
  access((uintptr_t)d, n, true, RET);
  return __builtin_memset(d, c, n);
}

} // extern "C"

// ---- warp collectives ----
//
// The lanes' calls and results travel through CollSlots that only this
// uninstrumented file reads and writes: ThreadSanitizer sees no access to
// them, so exchanging values creates no happens-before between the lanes
// (a shuffle or a vote does not order memory in CUDA). The fences pair with
// the relaxed counting of the warp's rendezvous in drf_rt.cc: a lane's
// call is written before its arrival, and the results before the
// generation that releases the lanes.

extern "C" {

void drf_coll_put(drf::CollSlot *s, int op, unsigned mask, uint64_t val, int size, int arg, int width) {
  s->op = op;
  s->mask = mask;
  s->val = val;
  s->size = size;
  s->arg = arg;
  s->width = width;
  s->res = 0;
  s->pred = 0;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

uint64_t drf_coll_get(const drf::CollSlot *s, int *pred) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (pred != nullptr)
    *pred = s->pred;
  return s->res;
}

} // extern "C"

namespace {

// shflSource is the lane whose value a shuffle of lane t returns (CUDA
// Programming Guide, Warp Shuffle Functions; PTX shfl.sync): a source
// outside the lane's segment of width lanes gives the lane's own value.
unsigned shflSource(const drf::CollSlot &s, unsigned t, unsigned w) {
  unsigned seg = t & ~(w - 1), pos = t & (w - 1);
  switch (s.op) {
  case drf::kShfl:
    return seg | ((unsigned)s.arg & (w - 1));
  case drf::kShflUp:
    return pos >= (unsigned)s.arg ? t - (unsigned)s.arg : t;
  case drf::kShflDown:
    return pos + (unsigned)s.arg < w ? t + (unsigned)s.arg : t;
  case drf::kShflXor: {
    unsigned j = t ^ (unsigned)s.arg;
    return j <= (seg | (w - 1)) ? j : t; // a later segment: the own value
  }
  }
  return t;
}

bool isShfl(int op) { return op >= drf::kShfl && op <= drf::kShflXor; }

} // namespace

extern "C" int drf_coll_compute(drf::CollSlot *L, unsigned n, unsigned warp, char *why, size_t whylen) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (warp > 32) {
    snprintf(why, whylen, "a warp collective with warps of %u threads (at most 32)", warp);
    return 0;
  }
  unsigned live = n >= 32 ? 0xffffffffu : (1u << n) - 1; // the warp's threads (the last warp may be partial)
  for (unsigned t = 0; t < n; t++) {
    drf::CollSlot &s = L[t];
    unsigned P = s.mask & live; // the lanes taking part with t
    if ((s.mask >> t & 1) == 0) {
      snprintf(why, whylen, "lane %u calls a warp collective with mask 0x%x, which leaves it out", t, s.mask);
      return (int)t;
    }
    for (unsigned p = 0; p < n; p++)
      if ((P >> p & 1) && (L[p].mask != s.mask || L[p].op != s.op || L[p].size != s.size)) {
        snprintf(why, whylen, "lanes %u and %u call one warp collective with masks 0x%x and 0x%x", t, p, s.mask, L[p].mask);
        return (int)t;
      }
    uint64_t sizeMask = s.size >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * s.size)) - 1;
    if (isShfl(s.op)) {
      unsigned w = s.width == 0 ? warp : (unsigned)s.width;
      if (w == 0 || w > warp || (w & (w - 1)) != 0) {
        snprintf(why, whylen, "lane %u shuffles with width %d (a power of two up to %u)", t, s.width, warp);
        return (int)t;
      }
      unsigned j = shflSource(s, t, w);
      s.res = j < n ? L[j].val : s.val; // a source that is not a thread: undefined, its own value here
      continue;
    }
    uint64_t r = 0;
    bool first = true, all = true;
    for (unsigned p = 0; p < n; p++) {
      if ((P >> p & 1) == 0)
        continue;
      uint64_t v = L[p].val & sizeMask;
      int32_t sv = (int32_t)(uint32_t)v;
      switch (s.op) {
      case drf::kVoteAll:
        r = first ? (v != 0) : (r && v != 0);
        break;
      case drf::kVoteAny:
        r = first ? (v != 0) : (r || v != 0);
        break;
      case drf::kBallot:
        r |= (uint64_t)(v != 0) << p;
        break;
      case drf::kRedAdd:
        r = (uint32_t)(r + v);
        break;
      case drf::kRedMinS:
        r = first || sv < (int32_t)(uint32_t)r ? (uint32_t)sv : r;
        break;
      case drf::kRedMaxS:
        r = first || sv > (int32_t)(uint32_t)r ? (uint32_t)sv : r;
        break;
      case drf::kRedMinU:
        r = first || v < r ? v : r;
        break;
      case drf::kRedMaxU:
        r = first || v > r ? v : r;
        break;
      case drf::kRedAnd:
        r = first ? v : r & v;
        break;
      case drf::kRedOr:
        r |= v;
        break;
      case drf::kRedXor:
        r ^= v;
        break;
      case drf::kMatchAny:
        if (v == (s.val & sizeMask))
          r |= uint64_t(1) << p;
        break;
      case drf::kMatchAll:
        all = all && v == (s.val & sizeMask);
        break;
      }
      first = false;
    }
    if (s.op == drf::kMatchAll) {
      s.pred = all;
      r = all ? P : 0; // the lanes that take part (an H100 gives 1 for a full mask in a one-thread block)
    }
    s.res = r;
  }
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  return -1;
}

// ---- the scope rule of atomics ----
//
// Under the PTX memory model two atomics are ordered only when each one's
// scope includes the other's thread (they are "morally strong"): a
// block-scoped atomic (atomicAdd_block, cuda::atomic_ref<T,
// cuda::thread_scope_block>) is atomic only towards the threads of its own
// block, and with an access of another block, atomic or not, it races
// unless one of them is a load and the other a load too. ThreadSanitizer
// knows no scopes: on the mirror, every atomic is atomic towards every
// thread. The rule is given to it through records: every atomic of a word
// also makes accesses to the word's record, in one of four slots per
// block (block b uses slot b % 4: blocks 4 apart are not told apart, and
// their races are missed, never invented), two channels per slot, each in
// its own 8-byte granule:
//
//   channel A: an atomic that writes makes an atomic write in its own
//     slot; a block-scoped atomic makes plain reads in the other slots;
//   channel B: every atomic makes an atomic write in its own slot; a
//     block-scoped atomic that writes makes plain reads in the others.
//
// ThreadSanitizer reports an atomic write against a plain read and nothing
// else here, so two atomics of different blocks race on channel A when one
// writes and the other is block-scoped, and on channel B when one is a
// block-scoped write: exactly when at least one writes and at least one is
// block-scoped. Two atomics of one block meet only on their own slot, where
// both are atomic, and never race; plain reads do not race with plain
// reads. No access here creates happens-before.
//
// Records are found through an open-addressing table of the words marked
// in the launch; past kScopeWords words, marks are dropped (races missed).

namespace {

constexpr size_t kTable = kScopeWords * 2;
uintptr_t tableKey[kTable];  // word address + 1, 0 when free
uint32_t tableRec[kTable];
uint32_t tableUsed[kScopeWords]; // the entries taken, in order
uint32_t nrec;               // records given out in this launch
uint32_t tableLock;

struct SpinLock {
  uint32_t *l;
  explicit SpinLock(uint32_t *l_) : l(l_) {
    while (__atomic_exchange_n(l, 1u, __ATOMIC_ACQUIRE) != 0)
      sched_yield();
  }
  ~SpinLock() { __atomic_store_n(l, 0u, __ATOMIC_RELEASE); }
};

// record returns the record of the word at w, or nullptr when the table is
// full.
char *record(uintptr_t w) {
  SpinLock lock(&tableLock);
  size_t h = (w >> 2) * 0x9E3779B97F4A7C15ull >> 40;
  for (size_t i = 0; i < kTable; i++) {
    size_t k = (h + i) % kTable;
    if (tableKey[k] == w + 1)
      return scopes + (size_t)tableRec[k] * kScopeRecord;
    if (tableKey[k] == 0) {
      if (nrec >= kScopeWords)
        return nullptr;
      tableKey[k] = w + 1;
      tableUsed[nrec] = (uint32_t)k;
      tableRec[k] = nrec++;
      return scopes + (size_t)tableRec[k] * kScopeRecord;
    }
  }
  return nullptr;
}

void atomicWrite(uintptr_t m) {
  Stripe lock(m);
  (void)__real___tsan_atomic32_fetch_add((volatile uint32_t *)m, 0, 0);
}

void plainRead(uintptr_t m, void *pc) {
  Stripe lock(m);
  __tsan_read4_pc((void *)m, pc);
}

int scope_reset() {
  if (nrec == 0)
    return 0;
  for (uint32_t i = 0; i < nrec; i++)
    tableKey[tableUsed[i]] = 0;
  size_t used = ((size_t)nrec * kScopeRecord + 4095) & ~size_t(4095);
  nrec = 0;
  // fresh pages, and fresh shadow, for the records used
  return map(scopes, used, PROT_READ | PROT_WRITE) == nullptr ? -1 : 0;
}

} // namespace

extern "C" void drf_scope_mark(const void *p, size_t n, unsigned blk, int flags) {
  void *pc = RET;
  Frame f(pc);
  uintptr_t a = (uintptr_t)p & ~uintptr_t(3), end = (uintptr_t)p + n;
  for (; a < end; a += 4) {
    uintptr_t m;
    if (!mirrorOf(a, &m))
      continue; // not memory that kernels share
    char *r = record(a);
    if (r == nullptr)
      return;
    unsigned own = blk % 4;
    bool write = flags & drf::kMarkWrite, blockScope = flags & drf::kMarkBlock;
    for (unsigned s = 0; s < 4; s++) {
      uintptr_t A = (uintptr_t)r + s * 16, B = A + 8;
      if (s == own) {
        if (write)
          atomicWrite(A);
        atomicWrite(B);
      } else {
        if (blockScope)
          plainRead(A, pc);
        if (blockScope && write)
          plainRead(B, pc);
      }
    }
  }
}
