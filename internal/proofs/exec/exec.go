// Package exec is the CUDA execution oracle of DESIGN.md ("Two oracles").
//
// It compiles small CUDA kernels as C++20 for the CPU under ThreadSanitizer
// (clang++ -std=c++20 -O0 -g -fsanitize=thread) and runs one concrete launch
// of each: one thread per CUDA thread of every block, all blocks at once, so
// that races inside a block and between blocks on global memory are seen.
// It reports whether ThreadSanitizer observed a data race, on which source
// lines, and whether the threads of a block disagreed on the barriers they
// reached (barrier divergence). drfcheck's static checker is tested against
// it: when a launch races here, the checker must not call the kernel
// race-free for it.
//
// # Happens-before
//
// The runtime (runtime/drf_cuda.h, drf_rt.cc and drf_shim.cc, embedded)
// creates no happens-before between CUDA threads except at barriers: block
// barriers (__syncthreads and its reductions, a thread block's sync()),
// warp barriers (__syncwarp() and __syncwarp(0xffffffff), the sync() of a
// tile of one warp: they order the threads of one warp, Case.WarpSize
// threads of consecutive linear index) and grid barriers
// (cooperative_groups::this_grid().sync(), which orders every thread of the
// launch: all blocks run at once). Atomics are relaxed; __syncwarp with any
// other mask (as in drfcheck), the sync() of tiles of other sizes,
// __threadfence and printf are no-ops; __shared__ memory is allocated
// before the threads start; the barriers synchronize through atomics whose
// edges are exactly those of a barrier (release arrivals, an acquiring last
// arrival that publishes the next generation with a release store,
// acquiring departures; sleeping goes through the futex system call, which
// ThreadSanitizer does not see).
// CUDA threads run on a pool of worker threads that is kept between
// launches: a launch hands each worker its thread with a release store that
// the worker acquires, and the worker reports its end with a release
// increment that the launcher acquires, the edges of thread creation and
// join. No worker ever finishes during a launch (ThreadSanitizer of clang 14
// was seen to miss races whose first access was made by a thread that had
// already finished).
//
// # The CUDA header API
//
// The runtime implements, from its own code and never from drfcheck's
// headers: __half, __nv_bfloat16, __half2 and __nv_bfloat162 (structs
// around unsigned shorts, as CUDA's) with their conversions, arithmetic,
// comparisons and operators, rounded to nearest even from the exact result
// (runtime/drf_half.h); the warp collectives __shfl*_sync, __all_sync,
// __any_sync, __ballot_sync, __reduce_*_sync and __match_*_sync, whose
// lanes meet at the call without happens-before (a shuffle does not order
// memory), and __activemask (the warp's threads); and scoped atomics:
// atomicX_block and atomicX_system, cuda::atomic_ref<T, S> and cuda::atomic<T,
// S>. A block-scoped atomic is atomic only towards its own block: with an
// atomic of another block on the same location it races unless neither
// writes (drf_shim.cc tells ThreadSanitizer through records of the scope).
//
// # Barrier divergence
//
// __syncthreads() and __syncwarp() are macros passing a per-call-site
// number and the line (a cooperative group's sync() passes its line and
// column). Every arrival records its site; a thread that returns from the
// kernel arrives at a special "exit" site. Arrivals meet first in the warp:
// when every thread of the warp has arrived, the last one compares the
// sites: all equal to one warp barrier ends the warp barrier; all equal to
// one block or grid barrier, or all "exit", goes up to the block as the
// warp's arrival, compared there in the same way with the other warps',
// and a grid barrier or the end of the block goes up to the grid. At any
// level, sites that differ are divergence (a warp barrier reached by some
// threads of a warp, or while others wait at a block barrier, a block
// barrier some threads do not reach, a grid barrier some blocks do not
// reach), which is recorded and makes the waiting threads leave the kernel
// (a C++ exception caught by the worker), so nothing hangs. A barrier
// reached by all threads the same number of times (in a uniform loop, in a
// __device__ function every thread calls) is not divergence, and neither is
// a warp barrier under a condition that is the same for the threads of
// each warp.
//
// # Shared memory
//
// Before compiling, each __shared__ declaration in a function body is
// rewritten into a reference into the block's memory: the supported forms
// are
//
//	__shared__ T x;   __shared__ T x[N];   __shared__ T x[N][M]...   __shared__ T a[N], b;
//	extern __shared__ T x[];   extern __shared__ T x[][M];
//
// with volatile, static, __align__(n) or alignas(n) around them, T any type
// (a struct of the source, a template parameter) and N, M constant
// expressions. The static ones become shared_var<T[N][M], tag, layout>(),
// whose offset in the block's memory is fixed before main; the extern ones
// all alias the block's dynamic buffer (Case.DynShared bytes). Other forms (at
// namespace scope, with an initializer) give the case an Err.
//
// # Shadow granularity
//
// ThreadSanitizer keeps 4 shadow cells per 8 bytes, so with many threads
// touching the same 8 bytes without racing an older access can be evicted
// and its race missed. The oracle gives every 4-byte word of the kernels'
// memory (parameters' buffers, __shared__ memory, __device__ variables) its
// own 8-byte shadow granule: the batch binary is linked with ld --wrap on
// ThreadSanitizer's callbacks, which report each access at a mirror address
// with the original pc (drf_shim.cc). Several threads accessing different
// bytes of one word still share its 4 cells. The shim also serializes
// ThreadSanitizer's bookkeeping of each granule with spin locks that it does
// not see: its shadow cells are updated without a lock, and two threads
// accessing a word at the same instant could otherwise lose their race.
//
// # Batches
//
// Many cases are compiled into one binary, each in its own namespace (its
// Name) after a #line directive, so that both compiler errors and DWARF line
// tables name the case and its own lines. The binary runs its cases one after
// the other and marks their start and end on standard error, where
// ThreadSanitizer writes its reports (unsymbolized: this package reads the
// lines from the binary's DWARF), so each report belongs to the case that was
// running. Between two cases the launch's memory is given fresh pages and
// fresh shadow. A case that crashes or runs longer than Options.CaseTimeout
// loses only its own outcome: the rest of its batch runs again in a new
// process. A case that does not compile is removed from its batch (errors are
// attributed through the #line file names, by halving the batch when they
// cannot be) and the batch is compiled again.
//
// # Limitations
//
//   - One launch, one schedule-independent happens-before relation: a race
//     is reported only if both accesses happen in this run (with these
//     parameter values and this data).
//   - Code is compiled at -O0, so that every load and store of the kernel
//     is kept and instrumented: at -O1 a self-assignment (s = s) or a load
//     whose value is never used disappears with its race.
//   - Barriers are identified by their call site in the source: one barrier
//     in a __device__ function reached from two different call sites counts
//     as the same barrier.
//   - Distinct pointer parameters are distinct buffers (no aliasing).
//   - Accesses outside a parameter's buffer land in padding (a write there
//     gives Err) or crash (Err); they are not reported as races.
//   - ThreadSanitizer (clang 14) has 256 thread slots, with 14-bit epochs
//     that grow at each release. Threads beyond the slots share them, and
//     two threads that share a slot are never found racing. Launches of at
//     most ExactThreads threads are exact: the process never has more
//     threads, and it is restarted before the epochs run out. Larger
//     launches (up to MaxThreads) run, alone in their process, and get
//     Outcome.Inexact: the races they report are real, but some may be
//     missed; so do cases with thousands of barriers per thread.
//   - Cooperative groups beyond this_thread_block(), tiled_partition<N>(),
//     this_grid(), their sync() and ranks are not provided: such a case
//     does not compile and gets Err. Kernels name cooperative_groups,
//     cuda::atomic_ref and __half without an #include.
//   - Warp collectives (shuffles, votes, __reduce_*_sync, __match_*_sync)
//     need every thread of the warp at the call, with masks that agree
//     (each lane's mask names its own lane and lanes with the same mask):
//     a collective that some lanes skip, legal in CUDA when its mask
//     leaves them out, is reported as a divergence, and so is a call
//     CUDA leaves undefined (masks that disagree, a width that is not a
//     power of two). A shuffle from a lane that is not a thread of the
//     warp returns the caller's own value (undefined in CUDA).
//   - Warps run with independent thread scheduling: the threads of a warp
//     are ordered only by warp barriers (and the barriers above), never by
//     running in lockstep.
package exec

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// Dim3 is a launch dimension (x, y, z). A zero component counts as 1.
type Dim3 [3]int

// Param is one argument of the launched kernel.
type Param struct {
	Name    string  // as in the kernel's signature
	Type    string  // C++ type as written in the signature: "int", "unsigned", "int *", "float *", "Cfg", "Pair *"
	Pointer bool    // a pointer to global memory: the oracle allocates Len elements of the pointee type, zero-filled (or Init)
	Len     int     // elements to allocate when Pointer (0 means DefaultLen, or len(Init) if larger)
	Init    []int64 // optional initial contents (converted to the pointee type) when Pointer and the pointee is arithmetic
	Value   string  // when !Pointer: a C++ expression for the argument, e.g. "5", "-3", "7u", "Cfg{3, 4}"
	// Buffers are global memory that Value points into when !Pointer (a
	// struct carrying an array of pointers: "Bufs{{$0, $1}, 3}"): each is
	// allocated as a pointer parameter is (its Pointer, Len and Init; Type
	// the pointer type), distinct from every other, and $k in Value stands
	// for the pointer to buffer k.
	Buffers []Param
}

// Case is one kernel launch.
type Case struct {
	Name        string // unique in a batch, a C identifier; the runner wraps Source in `namespace <Name> { ... }`
	Source      string // CUDA source: structs, __device__ functions, one or more __global__ functions
	Kernel      string // the __global__ function to launch (unqualified; "k<64>" for a template)
	Block, Grid Dim3
	Params      []Param // in signature order
	// DynShared is the size in bytes of the extern __shared__ memory of each
	// block (0 means DefaultDynShared).
	DynShared int
	// Host names a function of Source, its host program, that allocates
	// the kernel's memory, builds its arguments and launches it (with
	// <<<...>>> or cudaLaunchKernel, once or more: drf_host.h): the case
	// runs it instead of launching Kernel with Params, which are then
	// not used. "" for none.
	Host string
	// OpenCL says that Source is OpenCL C, run through the OpenCL shim
	// (opencl.go): work-items are threads, work-groups blocks, and
	// barrier(flags) is __syncthreads(). Params are spelled as in C++
	// (OpenCL's address spaces left out). No Host.
	OpenCL bool
	// WarpSize is the number of threads of a warp (0 means 32, CUDA's):
	// what warpSize evaluates to and which threads __syncwarp() orders, to
	// match drfcheck's --warp-size. Small warps let small launches have
	// several warps per block.
	WarpSize int
}

// Outcome is what one launch showed.
type Outcome struct {
	Race       bool // TSan reported at least one race, or a barrier invariant failed
	Divergence bool // some threads of a block reached a barrier that others did not (or not the same one)
	// For each race reported: the source lines (within Case.Source, 1-based)
	// of the two accesses, 0 for an access that could not be mapped. Pairs
	// are distinct.
	Lines [][2]int
	// Inexact: races may have been missed (a race reported is still real):
	// the launch has more than ExactThreads threads, or so many barriers
	// that ThreadSanitizer's epochs ran out; see the package documentation.
	Inexact bool
	// Compile error of this case, crash, timeout (infinite loop), write out
	// of the bounds of a parameter's buffer: the outcome is inconclusive.
	Err    error
	Report string // the raw TSan / runtime text for this case (for debugging)
}

// Defaults and limits.
const (
	DefaultLen       = 4096      // elements of a pointer parameter without Len
	DefaultDynShared = 16 << 10  // bytes of extern __shared__ memory per block
	MaxThreads       = 4096      // threads of a launch, all blocks together
	ExactThreads     = 250       // launches up to this size miss no race for want of ThreadSanitizer slots
	MaxDynShared     = 256 << 10 // bytes of extern __shared__ memory per block
	MaxWarpSize      = 1024      // threads of a warp (Case.WarpSize)
)

// Options tune RunWith. The zero value gives Run's behaviour.
type Options struct {
	// CaseTimeout bounds the run of one case (default 10s); a case that
	// takes longer gets Err (an infinite loop, a deadlock).
	CaseTimeout time.Duration
	// Jobs is the number of batches compiled or run at once (default: the
	// number of CPUs).
	Jobs int
	// ChunkSize is the largest number of cases compiled into one binary
	// (default 120).
	ChunkSize int
}

func (o Options) withDefaults() Options {
	if o.CaseTimeout <= 0 {
		o.CaseTimeout = 10 * time.Second
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.ChunkSize <= 0 {
		o.ChunkSize = 120
	}
	return o
}

// Available reports whether clang++ and the ThreadSanitizer runtime work: it
// builds the runtime and runs a tiny racy kernel once; the answer is cached.
func Available() error {
	_, err := getToolchain()
	return err
}

// Run runs every case, with the default Options, and returns one outcome per
// case, in the same order.
func Run(ctx context.Context, cases []Case) []Outcome {
	return RunWith(ctx, cases, Options{})
}

// RunWith is Run with options.
func RunWith(ctx context.Context, cases []Case, opt Options) (outs []Outcome) {
	outs = make([]Outcome, len(cases))
	defer func() {
		if r := recover(); r != nil {
			for i := range outs {
				if outs[i].Err == nil && outs[i].Report == "" {
					outs[i].Err = fmt.Errorf("exec: internal error: %v", r)
				}
			}
		}
	}()
	tc, err := getToolchain()
	if err != nil {
		for i := range outs {
			outs[i].Err = fmt.Errorf("exec: oracle unavailable: %w", err)
		}
		return outs
	}
	tc.runBatch(ctx, cases, outs, opt.withDefaults())
	return outs
}
