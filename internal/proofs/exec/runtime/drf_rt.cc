// drf_rt.cc: the CUDA-on-CPU runtime of drfcheck's execution oracle, the
// part that launches kernels. Compiled once with -fsanitize=thread and linked
// with every batch of generated kernels.
//
// A batch binary runs the cases [first, last) of its table one after the
// other and writes markers on standard error, where ThreadSanitizer writes
// its reports:
//
//   @@DRF BEGIN i          case i starts
//   @@DRF DIV text         a block (or warp, or the grid) of case i diverged at a barrier
//   @@DRF INV line         a barrier invariant of case i does not hold for a thread
//   @@DRF OOB name         case i wrote outside the buffer of parameter name
//   @@DRF INEXACT text     case i may have missed races (see Worker)
//   @@DRF TRAP line text   an assertion failed; the process exits
//   @@DRF END i            every thread of case i has ended the kernel
//   @@DRF RESTART          the process ends early; run the next cases anew
//   @@DRF DONE             every case has run
//
// Every CUDA thread of every block runs on its own pthread; all run
// concurrently. The only happens-before edges between them come from the
// barriers (warp, block, grid), which synchronize through atomics that
// ThreadSanitizer understands: each arrival is a release increment of a
// counter, the last arrival acquires the counter and publishes the next
// generation number with a release store, and the waiting threads leave on
// an acquire load of that number. A thread that leaves late can therefore
// never acquire what another thread did after the barrier. Sleeping uses
// the futex system call, which ThreadSanitizer does not see.
//
// The three barriers are one rendezvous in three levels (see arrive): every
// barrier, and the end of the kernel, is first met by the threads of a warp;
// the last of them compares where they all are. A warp barrier reached by
// the whole warp ends there; a block barrier, a grid barrier or the end goes
// up to the block as one arrival of the warp, and a grid barrier or the end
// of the block up to the grid as one arrival of the block. Any level whose
// members are not all at the same place has diverged: waiting at a warp
// barrier while a warp mate waits at a block barrier, or has returned,
// would hang on a GPU. The divergence goes up as such, so that the levels
// above stop too, and nothing hangs.
//
// The warp's collective functions (shuffles, votes, reductions, matches:
// drf::coll) meet in the same rendezvous as warp barriers, at a site of
// their own scope (kCollScope), so that a collective that some lanes of a
// warp do not reach is a divergence like a warp barrier's. They differ in
// one thing: their rendezvous creates no happens-before (relaxed atomics,
// which ThreadSanitizer does not take as synchronization, and the lanes'
// values travel through drf_shim.cc, which it does not see), because a
// shuffle or a vote does not order memory in CUDA. The warp's last lane to
// arrive computes every lane's result (drf_coll_compute). Collectives
// need every thread of the warp at the call: one that some lanes skip
// (under a condition, or after a return), legal in CUDA when the mask
// leaves those lanes out, is reported as a divergence here.
//
// The CUDA threads run on a pool of workers that never end during a launch
// (see Worker): besides being cheaper than creating threads, this matters
// because ThreadSanitizer gives the slot of a thread that has finished to the
// next thread, which then looks ordered after it.
#define DRF_RT_ONLY
#include "drf_cuda.h"
#include "drf_coll.h"

#include <linux/futex.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vector>

extern "C" const drf::Case drf_cases[];
extern "C" const int drf_ncases;
extern "C" char *drf_shim_init(size_t size);
extern "C" int drf_shim_reset(size_t used);

namespace drf {
namespace {

void mark(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (n >= (int)sizeof buf)
    n = sizeof buf - 1;
  const char *p = buf;
  while (n > 0) {
    ssize_t w = write(2, p, n);
    if (w <= 0)
      return;
    p += w;
    n -= w;
  }
}

struct Diverged {};

// Sites: a barrier's call site is its scope (bits 60 and up), its number
// (a __COUNTER__, or a column: bits 32 to 59) and its line (the low half).
// kExit is where a thread that has returned from the kernel is, kDiv where
// a warp or block that has diverged is, as seen from the level above.
enum Scope : uint64_t { kBlockScope = 0, kWarpScope = 1, kGridScope = 2, kCollScope = 3 };
constexpr uint64_t kExit = 0xffffffff00000000ull;
constexpr uint64_t kDiv = 0xfffffffe00000000ull;

uint64_t make_site(Scope scope, int site, int line) {
  return (uint64_t)scope << 60 | (uint64_t)((unsigned)site & 0x0fffffffu) << 32 | (uint32_t)line;
}
Scope scope_of(uint64_t site) { return (Scope)(site >> 60); }

// Every level (warp, block, grid) has a generation (the futex word its
// waiters sleep on), the arrivals of this generation, and a divergence flag
// that the completing arrival sets before publishing the next generation.
struct Level {
  uint32_t gen = 0;
  uint32_t count = 0;
  uint32_t diverged = 0;
};

struct Warp {
  Level l;
  unsigned base = 0, n = 0; // its threads: linear indices [base, base+n) of the block
  char detail[300] = {0};  // divergence, written by the completing thread
};

struct Grid {
  Level l;
  unsigned n = 0;            // blocks
  uint64_t *site = nullptr;  // per block: where it arrived in this generation
  char detail[512] = {0};
};

struct Block {
  Level l;
  unsigned n = 0; // threads in the block
  unsigned nwarps = 0;
  uint3 idx{};
  unsigned lin = 0; // linear index in the grid
  dim3 dim, grid;
  int result[2] = {0, 0};      // reduction of the generation, by parity
  uint64_t *site = nullptr;    // per thread: where it arrived in this generation
  int *pred = nullptr;         // per thread: its predicate
  uint64_t *wsite = nullptr;   // per warp: where it arrived in this generation
  Warp *warps = nullptr;
  Grid *g = nullptr;
  char *shared = nullptr;      // static __shared__ memory
  char *dyn = nullptr;         // extern __shared__ memory
  CollSlot *coll = nullptr;    // per thread: its call of a warp collective (drf_shim.cc reads and writes them)
  char detail[512] = {0};      // divergence, written by the completing thread
};

struct Thread {
  Block *block;
  uint3 tid;
  unsigned lin;
  uint32_t total; // threads of the launch
  void (*body)(void *);
  void *args;
};

thread_local Block *tls_block;
thread_local Warp *tls_warp;
thread_local unsigned tls_lin;
// The generation of each level this thread waits for next.
thread_local uint32_t tls_wgen, tls_bgen, tls_ggen;
// the barrier invariants the thread registered since its last block barrier
thread_local std::vector<Invariant *> tls_invariants;
unsigned cur_warp = 32; // the warp size of the running launch (set before the workers start it)

long futex(uint32_t *addr, int op, uint32_t val) {
  return syscall(SYS_futex, addr, op, val, nullptr, nullptr, 0);
}

uint3 thread_of(unsigned lin, dim3 block) {
  return uint3{lin % block.x, (lin / block.x) % block.y, lin / (block.x * block.y)};
}

// The pool of workers: one pthread per CUDA thread of the largest launch so
// far, kept between launches (creating threads under ThreadSanitizer costs
// far more than running small kernels). The launcher writes each worker's
// job, then publishes the launch with one release store of the launch word,
// which every worker acquires; a worker that has a job runs it and then
// increments the count of ended jobs with release, and the launcher waits for
// the count with acquire. Those are exactly the edges of pthread_create and
// pthread_join: the launch's setup happens before every access of the kernel,
// and every access happens before the checks and the next launch; workers get
// no edge from each other.
//
// ThreadSanitizer (clang 14) has 256 thread slots, each with a 14-bit epoch
// that grows at every release. Threads beyond the slots share them, and a
// thread that takes over a slot is ordered after everything done through it:
// races between such threads are missed. A launch of at most kExactThreads
// threads (plus the main thread) has a slot for each thread; after a larger
// one, or when the epochs of the workers' slots grow large, the process ends
// (@@DRF RESTART) and the Go side runs the next cases in a new process. The
// launcher releases once per launch, so that its own slot lasts.
constexpr uint32_t kExactThreads = 250;
constexpr uint64_t kEpochBudget = 8000;

struct Thread;
struct Worker {
  pthread_t th;
  unsigned index;
  uint32_t seen = 0;      // the last launch this worker has looked at (its own)
  Thread *job = nullptr;  // written by the launcher before publishing a launch
  uint64_t releases = 0;  // release operations of this worker, so far (its own)
};
std::vector<Worker *> workers;

// Words shared by the launcher and the workers live on the heap: the
// program's data is mirrored (drf_shim.cc), where atomics lose their memory
// order for ThreadSanitizer.
struct Launch {
  // The launch number (low half, the futex word) and its number of threads
  // (high half), published together with one release store.
  uint64_t word = 0;
  uint32_t done = 0; // futex word: jobs of this launch that have ended
};
Launch *const L = new Launch;
uint32_t *gen_word() { return reinterpret_cast<uint32_t *>(&L->word); } // little-endian: the low half

bool restart_needed; // the process should end after this case (main thread only)

thread_local Worker *tls_worker;

void describe(char *buf, size_t len, unsigned lin, uint64_t site) {
  uint3 t = thread_of(lin, blockDim);
  const char *scope = scope_of(site) == kWarpScope ? "warp " : scope_of(site) == kGridScope ? "grid " : "";
  if (site == kExit)
    snprintf(buf, len, "thread (%u,%u,%u) has returned", t.x, t.y, t.z);
  else if (scope_of(site) == kCollScope)
    snprintf(buf, len, "thread (%u,%u,%u) waits at the warp collective of line %u", t.x, t.y, t.z,
             (unsigned)(site & 0xffffffffu));
  else
    snprintf(buf, len, "thread (%u,%u,%u) waits at the %sbarrier of line %u", t.x, t.y, t.z, scope,
             (unsigned)(site & 0xffffffffu));
}

// publish ends generation g of a level: its waiters, which acquire the
// generation, leave (and throw Diverged if diverged is set). A collective's
// generation (sync false) is published with a relaxed store, and its
// waiters load it relaxed: no happens-before.
void publish(Level *l, uint32_t g, bool diverged, bool sync = true) {
  if (diverged)
    __atomic_store_n(&l->diverged, 1u, __ATOMIC_RELAXED);
  __atomic_store_n(&l->count, 0u, __ATOMIC_RELAXED);
  if (sync) {
    __atomic_store_n(&l->gen, g + 1, __ATOMIC_RELEASE);
    tls_worker->releases++;
  } else {
    __atomic_store_n(&l->gen, g + 1, __ATOMIC_RELAXED);
  }
  futex(&l->gen, FUTEX_WAKE_PRIVATE, INT_MAX);
}

// count_in adds an arrival to the current generation of l with a release
// increment, and tells whether it was the last of n; the last one acquires
// every arrival of the generation. An arrival at a collective (sync false)
// is a relaxed increment, and the last one acquires nothing.
bool count_in(Level *l, unsigned n, bool sync = true) {
  uint32_t k;
  if (sync) {
    k = __atomic_add_fetch(&l->count, 1u, __ATOMIC_RELEASE);
    tls_worker->releases++;
  } else {
    k = __atomic_add_fetch(&l->count, 1u, __ATOMIC_RELAXED);
  }
  if (k != n)
    return false;
  if (sync)
    (void)__atomic_load_n(&l->count, __ATOMIC_ACQUIRE);
  return true;
}

void wait_for(Level *l, uint32_t g, bool sync = true) {
  while (__atomic_load_n(&l->gen, sync ? __ATOMIC_ACQUIRE : __ATOMIC_RELAXED) == g)
    futex(&l->gen, FUTEX_WAIT_PRIVATE, g);
}

// grid_complete runs in the last block to arrive at the grid: all at one
// grid barrier, it ends; all returned, the launch is over; otherwise the
// grid has diverged (reported here unless a block's divergence is the cause,
// which its block reports).
void grid_complete(Grid *G) {
  uint32_t g = __atomic_load_n(&G->l.gen, __ATOMIC_RELAXED);
  uint64_t s0 = __atomic_load_n(&G->site[0], __ATOMIC_RELAXED);
  unsigned other = 0;
  bool div = false;
  for (unsigned i = 0; i < G->n; i++) {
    uint64_t s = __atomic_load_n(&G->site[i], __ATOMIC_RELAXED);
    div = div || s == kDiv;
    if (s != s0 && other == 0)
      other = i;
  }
  if (!div && other == 0) {
    if (s0 != kExit)
      publish(&G->l, g, false);
    return;
  }
  if (!div) {
    auto what = [](char *buf, size_t len, unsigned blk, uint64_t s) {
      uint3 b = thread_of(blk, gridDim);
      if (s == kExit)
        snprintf(buf, len, "block (%u,%u,%u) has returned", b.x, b.y, b.z);
      else
        snprintf(buf, len, "block (%u,%u,%u) waits at the grid barrier of line %u", b.x, b.y, b.z, (unsigned)(s & 0xffffffffu));
    };
    char x[200], y[200];
    what(x, sizeof x, 0, s0);
    what(y, sizeof y, other, __atomic_load_n(&G->site[other], __ATOMIC_RELAXED));
    snprintf(G->detail, sizeof G->detail, "grid: %s, %s", x, y);
  }
  publish(&G->l, g, true);
}

void grid_arrive(Block *b, uint64_t site) {
  Grid *G = b->g;
  __atomic_store_n(&G->site[b->lin], site, __ATOMIC_RELAXED);
  if (count_in(&G->l, G->n))
    grid_complete(G);
}

// block_complete runs in the last warp to arrive at block b. It has acquired
// every arrival of the generation, and so every thread's site and predicate.
void block_complete(Block *b) {
  uint32_t g = __atomic_load_n(&b->l.gen, __ATOMIC_RELAXED);
  uint64_t s0 = __atomic_load_n(&b->wsite[0], __ATOMIC_RELAXED);
  unsigned other = 0, div = 0;
  bool anyDiv = false;
  for (unsigned i = 0; i < b->nwarps; i++) {
    uint64_t s = __atomic_load_n(&b->wsite[i], __ATOMIC_RELAXED);
    if (s == kDiv && !anyDiv) {
      anyDiv = true;
      div = i;
    }
    if (s != s0 && other == 0)
      other = i;
  }
  if (anyDiv || other != 0) {
    if (anyDiv) {
      snprintf(b->detail, sizeof b->detail, "block (%u,%u,%u): %s", b->idx.x, b->idx.y, b->idx.z, b->warps[div].detail);
    } else {
      char x[200], y[200];
      describe(x, sizeof x, b->warps[0].base, s0);
      describe(y, sizeof y, b->warps[other].base, __atomic_load_n(&b->wsite[other], __ATOMIC_RELAXED));
      snprintf(b->detail, sizeof b->detail, "block (%u,%u,%u): %s, %s", b->idx.x, b->idx.y, b->idx.z, x, y);
    }
    publish(&b->l, g, true);
    grid_arrive(b, kDiv);
    return;
  }
  if (s0 == kExit || scope_of(s0) == kGridScope) {
    // the block goes up as a whole; its threads wait for the grid (or have
    // returned)
    __atomic_store_n(&b->l.count, 0u, __ATOMIC_RELAXED);
    grid_arrive(b, s0);
    return;
  }
  int sum = 0;
  for (unsigned i = 0; i < b->n; i++)
    sum += __atomic_load_n(&b->pred[i], __ATOMIC_RELAXED);
  __atomic_store_n(&b->result[g & 1], sum, __ATOMIC_RELAXED);
  publish(&b->l, g, false);
}

// warp_complete runs in the last thread of warp w to arrive. A warp barrier
// ends here; anything else goes up to the block.
void warp_complete(Block *b, Warp *w) {
  uint32_t g = __atomic_load_n(&w->l.gen, __ATOMIC_RELAXED);
  uint64_t s0 = __atomic_load_n(&b->site[w->base], __ATOMIC_RELAXED);
  unsigned other = 0;
  for (unsigned i = w->base + 1; i < w->base + w->n; i++)
    if (__atomic_load_n(&b->site[i], __ATOMIC_RELAXED) != s0) {
      other = i;
      break;
    }
  uint64_t up = s0;
  auto warpLevel = [](uint64_t s) { return scope_of(s) == kWarpScope || scope_of(s) == kCollScope; };
  char why[200];
  int bad = -1;
  if (other == 0 && scope_of(s0) == kCollScope)
    bad = drf_coll_compute(&b->coll[w->base], w->n, cur_warp, why, sizeof why);
  if (other != 0) {
    char x[140], y[140];
    describe(x, sizeof x, w->base, s0);
    describe(y, sizeof y, other, __atomic_load_n(&b->site[other], __ATOMIC_RELAXED));
    snprintf(w->detail, sizeof w->detail, "%s, %s%s", x, y,
             warpLevel(s0) || warpLevel(__atomic_load_n(&b->site[other], __ATOMIC_RELAXED)) ? " (same warp)" : "");
    publish(&w->l, g, true);
    up = kDiv;
  } else if (bad >= 0) {
    // a call that CUDA leaves undefined: reported as the warp's divergence
    snprintf(w->detail, sizeof w->detail, "warp collective of line %u: %s", (unsigned)(s0 & 0xffffffffu), why);
    publish(&w->l, g, true);
    up = kDiv;
  } else if (scope_of(s0) == kWarpScope) {
    publish(&w->l, g, false);
    return;
  } else if (scope_of(s0) == kCollScope) {
    publish(&w->l, g, false, false);
    return;
  } else {
    __atomic_store_n(&w->l.count, 0u, __ATOMIC_RELAXED);
  }
  __atomic_store_n(&b->wsite[w - b->warps], up, __ATOMIC_RELAXED);
  if (count_in(&b->l, b->nwarps))
    block_complete(b);
}

// arrive is every barrier and the end of the kernel (site kExit): the
// thread meets its warp, and waits at the level of its barrier.
int arrive(uint64_t site, int kind, int pred) {
  Block *b = tls_block;
  Warp *w = tls_warp;
  bool sync = scope_of(site) != kCollScope;
  __atomic_store_n(&b->site[tls_lin], site, __ATOMIC_RELAXED);
  __atomic_store_n(&b->pred[tls_lin], pred, __ATOMIC_RELAXED);
  if (count_in(&w->l, w->n, sync))
    warp_complete(b, w);
  if (site == kExit)
    return 0;
  Level *l = scope_of(site) == kWarpScope || !sync ? &w->l : scope_of(site) == kGridScope ? &b->g->l : &b->l;
  uint32_t *gen = l == &w->l ? &tls_wgen : l == &b->l ? &tls_bgen : &tls_ggen;
  uint32_t g = *gen;
  wait_for(l, g, sync);
  *gen = g + 1;
  if (__atomic_load_n(&l->diverged, __ATOMIC_RELAXED))
    throw Diverged{};
  if (l != &b->l)
    return 0;
  int sum = __atomic_load_n(&b->result[g & 1], __ATOMIC_RELAXED);
  switch (kind) {
  case 1:
    return sum;
  case 2:
    return sum == (int)b->n;
  case 3:
    return sum > 0;
  }
  return 0;
}

void run_job(Thread *t) {
  threadIdx = t->tid;
  blockIdx = t->block->idx;
  blockDim = t->block->dim;
  gridDim = t->block->grid;
  tls_shared = t->block->shared;
  tls_dyn = t->block->dyn;
  tls_block = t->block;
  tls_warp = &t->block->warps[t->lin / cur_warp];
  tls_lin = t->lin;
  tls_wgen = tls_bgen = tls_ggen = 0;
  for (Invariant *inv : tls_invariants)
    delete inv;
  tls_invariants.clear();
  try {
    t->body(t->args);
    arrive(kExit, 0, 0);
  } catch (const Diverged &) {
  }
}

void *worker_main(void *p) {
  Worker *w = static_cast<Worker *>(p);
  tls_worker = w;
  for (;;) {
    uint64_t v;
    while ((uint32_t)(v = __atomic_load_n(&L->word, __ATOMIC_ACQUIRE)) == w->seen)
      futex(gen_word(), FUTEX_WAIT_PRIVATE, w->seen);
    w->seen = (uint32_t)v;
    uint32_t total = (uint32_t)(v >> 32);
    if (w->index >= total)
      continue; // not part of this launch
    run_job(w->job);
    w->releases++;
    if (__atomic_add_fetch(&L->done, 1u, __ATOMIC_RELEASE) == total)
      futex(&L->done, FUTEX_WAKE_PRIVATE, 1);
  }
  return nullptr;
}

void grow_pool(size_t n) {
  if (workers.size() >= n)
    return;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 20);
  while (workers.size() < n) {
    Worker *w = new Worker;
    w->index = workers.size();
    w->seen = (uint32_t)__atomic_load_n(&L->word, __ATOMIC_RELAXED);
    int err = pthread_create(&w->th, &attr, worker_main, w);
    if (err != 0) {
      mark("@@DRF TRAP 0 cannot create thread: %s\n", strerror(err));
      _exit(3);
    }
    workers.push_back(w);
  }
  pthread_attr_destroy(&attr);
}

// The arena: global memory of the parameters and __shared__ memory of the
// blocks, mirrored word by word for ThreadSanitizer (drf_shim.cc). It is
// reset after every launch.
constexpr size_t kArenaSize = size_t(1) << 30;
char *arena;
size_t arena_used;      // bytes given out in this launch
size_t arena_open;      // bytes made accessible, a multiple of the page size

struct Param {
  const char *name;
  char *base;
  size_t pad, bytes, total; // padding before the data, size of the data, of everything
};
std::vector<Param> params;

// The host program running (host_case): its launches keep the arena,
// which end_memory resets when it returns.
bool host_running;
Layout *host_layout;
unsigned host_warp;
size_t host_dyn;

// zalloc returns bytes of zeroed arena memory, 256-aligned.
char *zalloc(size_t bytes) {
  bytes = (bytes + 255) / 256 * 256;
  if (bytes == 0)
    bytes = 256;
  if (bytes > kArenaSize - arena_used) {
    mark("@@DRF TRAP 0 the launch needs more than %zu MiB of memory\n", kArenaSize >> 20);
    _exit(3);
  }
  char *p = arena + arena_used;
  arena_used += bytes;
  if (arena_used > arena_open) {
    size_t open = (arena_used + 65535) / 65536 * 65536;
    if (open > kArenaSize)
      open = kArenaSize;
    if (mprotect(arena + arena_open, open - arena_open, PROT_READ | PROT_WRITE) != 0) {
      mark("@@DRF TRAP 0 cannot open the arena\n");
      _exit(3);
    }
    arena_open = open;
  }
  return p; // zero: the pages are fresh (drf_shim_reset)
}

// padding_written tells whether the kernel wrote into the padding of p. It
// is not instrumented: the main thread reads after joining the kernel.
__attribute__((no_sanitize("thread"))) bool padding_written(const Param &p) {
  for (size_t i = 0; i < p.pad; i++)
    if (p.base[i] != 0)
      return true;
  for (size_t i = p.pad + p.bytes; i < p.total; i++)
    if (p.base[i] != 0)
      return true;
  return false;
}

} // namespace

size_t shared_register(Layout *layout, size_t size, size_t align) {
  if (align < 16)
    align = 16;
  size_t off = (layout->size + align - 1) / align * align;
  layout->size = off + size;
  return off;
}

void trap(const char *what, int line) {
  mark("@@DRF TRAP %d %s\n", line, what);
  _exit(3);
}

void *param_alloc(const char *name, size_t elem, size_t align, size_t len) {
  (void)align; // buffers are 256-aligned, as cudaMalloc's
  size_t bytes = elem * len;
  size_t rounded = (bytes + 255) / 256 * 256;
  size_t pad = rounded < 4096 ? 4096 : rounded;
  char *base = zalloc(pad + rounded + pad);
  params.push_back(Param{name, base, pad, bytes, pad + rounded + pad});
  return base + pad;
}

void end_memory();

void launch(dim3 grid, dim3 block, size_t static_shared, size_t dyn_shared, void (*body)(void *), void *args,
            unsigned warp) {
  unsigned nb = grid.x * grid.y * grid.z, nt = block.x * block.y * block.z;
  if (warp == 0)
    trap("warp size 0", 0);
  cur_warp = warp; // the workers read it after acquiring the launch
  unsigned nw = (nt + warp - 1) / warp;
  std::vector<Block> blocks(nb);
  std::vector<Thread> threads(size_t(nb) * nt);
  Grid G;
  G.n = nb;
  G.site = static_cast<uint64_t *>(calloc(nb, sizeof(uint64_t)));
  for (unsigned i = 0; i < nb; i++) {
    Block &b = blocks[i];
    b.n = nt;
    b.idx = thread_of(i, grid);
    b.lin = i;
    b.dim = block;
    b.grid = grid;
    b.g = &G;
    b.site = static_cast<uint64_t *>(calloc(nt, sizeof(uint64_t)));
    b.pred = static_cast<int *>(calloc(nt, sizeof(int)));
    b.nwarps = nw;
    b.wsite = static_cast<uint64_t *>(calloc(nw, sizeof(uint64_t)));
    b.warps = new Warp[nw];
    for (unsigned k = 0; k < nw; k++) {
      b.warps[k].base = k * warp;
      b.warps[k].n = nt - k * warp < warp ? nt - k * warp : warp; // the last warp may be partial
    }
    b.coll = static_cast<CollSlot *>(calloc(nt, sizeof(CollSlot)));
    b.shared = zalloc(static_shared);
    b.dyn = zalloc(dyn_shared);
    for (unsigned j = 0; j < nt; j++) {
      Thread &t = threads[size_t(i) * nt + j];
      t.block = &b;
      t.lin = j;
      t.tid = thread_of(j, block);
      t.total = nb * nt;
      t.body = body;
      t.args = args;
    }
  }
  uint32_t total = nb * nt;
  grow_pool(total);
  __atomic_store_n(&L->done, 0u, __ATOMIC_RELAXED);
  for (uint32_t i = 0; i < total; i++)
    workers[i]->job = &threads[i];
  uint32_t gen = (uint32_t)__atomic_load_n(&L->word, __ATOMIC_RELAXED) + 1;
  __atomic_store_n(&L->word, (uint64_t)total << 32 | gen, __ATOMIC_RELEASE);
  futex(gen_word(), FUTEX_WAKE_PRIVATE, INT_MAX);
  uint32_t n;
  while ((n = __atomic_load_n(&L->done, __ATOMIC_ACQUIRE)) < total)
    futex(&L->done, FUTEX_WAIT_PRIVATE, n);
  uint64_t releases = 0;
  for (Worker *w : workers)
    if (w->releases > releases)
      releases = w->releases;
  if (total > kExactThreads) {
    mark("@@DRF INEXACT %u threads, more than ThreadSanitizer's slots (%u): threads sharing a slot do not race\n", total,
         kExactThreads);
    restart_needed = true;
  } else if (releases > 2 * kEpochBudget) {
    mark("@@DRF INEXACT too many barriers for ThreadSanitizer's epochs\n");
  }
  if (releases > kEpochBudget)
    restart_needed = true;
  for (Block &b : blocks) {
    if (b.l.diverged)
      mark("@@DRF DIV %s\n", b.detail);
    free(b.site);
    free(b.pred);
    free(b.wsite);
    free(b.coll);
    delete[] b.warps;
  }
  if (G.l.diverged && G.detail[0] != 0)
    mark("@@DRF DIV %s\n", G.detail);
  free(G.site);
  if (!host_running)
    end_memory();
}

// end_memory ends the memory of a case: writes out of bounds are reported,
// and the arena is reset.
void end_memory() {
  for (Param &p : params)
    if (padding_written(p))
      mark("@@DRF OOB %s\n", p.name);
  params.clear();
  if (drf_shim_reset(arena_open) != 0) {
    mark("@@DRF TRAP 0 cannot reset the arena\n");
    _exit(3);
  }
  arena_used = 0;
  arena_open = 0;
}

void host_case(Layout *layout, unsigned warp, size_t dyn_shared, void (*host)()) {
  host_layout = layout;
  host_warp = warp;
  host_dyn = dyn_shared;
  host_running = true;
  host();
  host_running = false;
  end_memory();
}

void host_launch(dim3 grid, dim3 block, size_t dyn, void (*body)(void *), void *args) {
  if (!host_running)
    trap("a launch outside a host program", 0);
  launch(grid, block, host_layout->size, dyn != 0 ? dyn : host_dyn, body, args, host_warp);
}

void add_invariant(Invariant *inv) { tls_invariants.push_back(inv); }

int sync(int site, int line, int kind, int pred) {
  int r = arrive(make_site(kBlockScope, site, line), kind, pred);
  if (!tls_invariants.empty()) {
    // every write before the barrier happens before these reads, and no
    // thread writes again before the second meeting; an invariant speaks
    // of pairs of distinct threads, which a block of one thread has none of
    bool pairs = blockDim.x * blockDim.y * blockDim.z >= 2;
    unsigned n = blockDim.x * blockDim.y * blockDim.z;
    for (Invariant *inv : tls_invariants) {
      bool ok = true;
      for (unsigned t = 0; pairs && ok && t < (inv->binary ? n : 1); t++)
        ok = inv->binary && t == tls_lin || inv->holds((int)t);
      if (!ok)
        mark("@@DRF INV %d\n", inv->line);
      delete inv;
    }
    tls_invariants.clear();
    (void)arrive(make_site(kBlockScope, site, line), 0, 0);
  }
  return r;
}

// warp_sync is __syncwarp(mask). Only the full mask is a barrier: another
// mask names some lanes of the warp, which drfcheck does not model either
// (it orders nothing there), so here too it orders nothing.
void warp_sync(int site, int line, unsigned mask) {
  if (mask == 0xffffffffu)
    (void)arrive(make_site(kWarpScope, site, line), 0, 0);
}

void grid_sync(int site, int line) { (void)arrive(make_site(kGridScope, site, line), 0, 0); }

uint64_t coll(int op, unsigned mask, uint64_t val, int size, int arg, int width, int line, int col, int *pred) {
  CollSlot *s = &tls_block->coll[tls_lin];
  drf_coll_put(s, op, mask, val, size, arg, width);
  (void)arrive(make_site(kCollScope, site_of_column(col), line), 0, 0);
  return drf_coll_get(s, pred);
}

// active_mask is __activemask(): the threads of the warp, all of them (the
// last warp of a block may have fewer). It is not a rendezvous: in CUDA
// it names the lanes that happen to execute together, which at the points
// where kernels call it are all the warp's.
unsigned active_mask() {
  unsigned n = tls_warp->n;
  return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

unsigned warp_size() { return cur_warp; }

} // namespace drf

// drf_host_input hides a value from the checker (drf_host.h); kept out of
// line so that the compiler cannot see through it either.
extern "C" __attribute__((noinline)) int drf_host_input(int v) { return v; }

int main(int argc, char **argv) {
  drf::arena = ::drf_shim_init(drf::kArenaSize);
  if (drf::arena == nullptr) {
    drf::mark("@@DRF TRAP 0 cannot map the arena\n");
    return 3;
  }
  int first = 0, last = drf_ncases;
  if (argc >= 3) {
    first = atoi(argv[1]);
    last = atoi(argv[2]);
  }
  for (int i = first; i < last && i < drf_ncases; i++) {
    drf::mark("@@DRF BEGIN %d\n", i);
    drf_cases[i].launch();
    drf::mark("@@DRF END %d\n", i);
    if (drf::restart_needed) {
      drf::mark("@@DRF RESTART\n");
      return 0;
    }
  }
  drf::mark("@@DRF DONE\n");
  return 0;
}
