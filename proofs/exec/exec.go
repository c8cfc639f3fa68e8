// Package exec is the CUDA execution oracle of DESIGN.md ("Two oracles").
//
// It compiles small CUDA kernels as C++20 for the CPU under ThreadSanitizer
// (clang++ -std=c++20 -O1 -g -fsanitize=thread) and runs one concrete launch
// of each: one thread per CUDA thread of every block, all blocks at once, so
// that races inside a block and between blocks on global memory are seen.
// It reports whether ThreadSanitizer observed a data race and whether the
// threads of a block disagreed on the barriers they reached (barrier
// divergence). drfcheck's static checker is tested against it: when a launch
// races here, the checker must not call the kernel race-free for it.
//
// The runtime (runtime/drf_cuda.h and runtime/drf_rt.cc, embedded) creates
// no happens-before between CUDA threads except at block barriers: atomics
// are relaxed, __syncwarp and __threadfence are no-ops, shared memory is
// allocated before the threads start, and the barrier synchronizes through
// atomics whose edges are exactly those of __syncthreads.
//
// Many cases are compiled into one binary, each in its own namespace; the
// binary runs them one after the other and marks their start and end on
// standard error, where ThreadSanitizer writes its reports, so each report is
// attributed to the case that was running. A case that crashes or does not
// end in time loses only its own outcome: the rest of its batch is run again
// in a new process. A case that does not compile is removed from its batch
// and the batch is compiled again.
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
}

// Outcome is what one launch showed.
type Outcome struct {
	Race       bool // TSan reported at least one race
	Divergence bool // some threads of a block reached a barrier that others did not (or not the same one)
	// For each race reported: the source lines (within Case.Source, 1-based)
	// of the two accesses, 0 for an access that could not be mapped. Pairs
	// are distinct.
	Lines [][2]int
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
	MaxDynShared     = 256 << 10 // bytes of extern __shared__ memory per block
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
