// Package eval is the reference semantics of access memory protocols: a
// concrete interpreter that runs a protocol for given threads and parameter
// values and returns its history, the list of phases of access values of the
// big-step semantics of Figure 2 of Cogumbreiro, Lange, Liew and Zicarelli,
// "Checking Data-Race Freedom of GPU Kernels, Compositionally" (CAV 2021,
// Section 3), together with the data races (safe(H)) and the barrier
// divergence it contains.
//
// It is the oracle of the project: property tests compare the SMT-based
// checker against it on small inputs, and race witnesses are replayed through
// it before they are shown. It is deliberately naive and independent from the
// symbolic machinery (it imports only package protocol): every thread runs the
// protocol on its own, like the synchronous delayed semantics the paper
// follows, and threads meet only at barriers. A thread's k-th phase is what it
// accesses between its k-th and (k+1)-th barrier, so p; sync; q gives [P, Q]
// exactly as the merge operator of Fig. 2 does.
//
// Extensions to Fig. 2:
//   - conditionals, strided loops, the conditional expression, uninterpreted
//     functions (Config.Funcs), several array dimensions, atomic accesses
//     (which do not race with each other) and three dimensional threadIdx,
//     blockIdx, blockDim and gridDim;
//   - integers are int64 and every operation is exact: an overflow is an
//     error, not a wrap-around; / and % are C's (truncating toward zero);
//   - an assume directly in the top-level body is a precondition: a thread
//     that falsifies one is left out of the run; an assume anywhere else mutes
//     the accesses of the thread for the rest of its enclosing block;
//   - an assume whose condition names the other thread of a pair
//     (protocol.Other: a binary barrier invariant assumed for the pair)
//     holds or not for a pair: it mutes the accesses after it, as a
//     nested assume does, but only for the threads it is false with
//     (Admits); at the top level, every access of the thread for them. It
//     never leaves a thread out of the run and has no part in barrier
//     divergence;
//   - within a block, all threads must take the same barriers and the same
//     decisions at synchronized conditionals and loops (those containing a
//     sync): the same branch, the same number of iterations (not
//     necessarily over the same values), otherwise the run has barrier
//     divergence;
//   - threads are grouped by blockIdx: shared arrays exist once per block and
//     race only within it, phase by phase; global arrays race across blocks
//     in any phases, since no barrier orders threads of different blocks;
//   - barriers have a scope (Bardsley and Donaldson, "Warps and Atomics:
//     Beyond Barrier Synchronization in the Verification of GPU Kernels",
//     NFM 2014; CUDA's __syncwarp and cooperative groups): a warp barrier orders the threads of one warp (consecutive
//     linear thread indices, Config.WarpSize of them), a block barrier every
//     thread of a block, a grid barrier every thread. Threads agree on the
//     events of the barriers that order them, and two accesses are
//     concurrent when no such barrier separates them.
package eval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// Thread is one thread of the run.
type Thread struct {
	Idx    [3]int64         // threadIdx.x/y/z
	Block  [3]int64         // blockIdx.x/y/z
	Locals map[string]int64 // value of each local for this thread (missing = 0)
}

// Config gives the concrete values a protocol is run with.
type Config struct {
	// Params holds the value of each param used as an integer; using a
	// param that has none is an error naming it.
	Params map[string]int64
	// Funcs gives the uninterpreted functions (protocol.Call). When nil, a
	// fixed deterministic function returning values in [0, 8) is used.
	Funcs func(name string, args []int64) int64
	// BlockDim and GridDim give blockDim and gridDim. A zero dimension is
	// unset: evaluating it is an error and thread indices are not checked
	// against it. Otherwise every thread must lie inside the block and grid.
	BlockDim, GridDim [3]int64
	// Threads lists the threads that run, possibly a subset of the block and
	// grid (for instance just two threads). No thread may appear twice.
	Threads []Thread
	// Memory gives the content of each array cell before any write, and
	// the value of a write that does not give one (an atomic update, a
	// write without a value): what the reads that bind their values
	// (protocol.Access.As) find there. When nil, a fixed deterministic
	// function returning values in [0, 8) is used.
	Memory func(array string, index []int64) int64
	// BenignRaces reports writes of equal values (Benign) as races too.
	BenignRaces bool
	// MaxSteps bounds the evaluation: statements executed plus loop
	// iterations, summed over all threads. Zero or less means 1_000_000.
	MaxSteps int
	// WarpSize is the number of threads of a warp (Bardsley and Donaldson): consecutive
	// linear thread indices x + y*blockDim.x + z*blockDim.x*blockDim.y of
	// one block. Zero or less means 32.
	WarpSize int64
	// BitOps, when set, gives the value of a bitwise operator or shift
	// applied to x and y where it has one (ok), in place of the operator's
	// own: the replay of a witness of an abstraction that treats these
	// operators as functions with some of their laws.
	BitOps func(op protocol.BinOp, x, y int64) (v int64, ok bool)
	// LockStep runs the threads of a warp in lock-step (Bardsley and Donaldson,
	// Definition 2.2, with the resynchronization of Section 3.1): two
	// accesses of two threads of one warp are ordered when an access that
	// both threads make (the same access at the same iteration of every
	// enclosing loop) comes between them; an access both make is
	// concurrent with itself.
	LockStep bool
}

// DefaultMaxSteps is the budget used when Config.MaxSteps is not positive.
const DefaultMaxSteps = 1_000_000

// LoopVal is the value of a source loop variable at an access.
type LoopVal struct {
	Name  string
	Value int64
}

// AccessValue is an access made by one thread: the paper's i:o[j].
type AccessValue struct {
	Thread int              // index in Config.Threads
	Access *protocol.Access // the access node: ID, Pos, Array, Mode
	Index  []int64          // one value per array dimension
	// Loops gives the source loop variables enclosing the access, outermost
	// first. When Access.Loops is set (by wellformed and the transformations
	// after it) its expressions are evaluated; otherwise Loops lists the loops
	// of the running statements that enclose the access.
	Loops []LoopVal
	Phase int // number of barriers the thread had passed that order threads of a block (block and grid scope)
	// WarpPhase counts the barriers of every scope the thread had passed,
	// GridPhase its grid barriers: the phases that matter for a thread of
	// the same warp and of another block.
	WarpPhase, GridPhase int
	Warp                 int64  // the warp of the thread in its block: linear thread index / warp size
	Value                *int64 // the value a write writes, when the protocol gives it
	Read                 *int64 // the value a read that binds it read (protocol.Access.As)
	// Step identifies the dynamic access: the access and the iteration
	// number of each enclosing loop; Seq is its rank among the accesses of
	// its thread (lock-step warps).
	Step string
	Seq  int

	// pairs are the assumptions naming the other thread of a pair in
	// force at the access (Admits)
	pairs []*pairCond
}

// Admits reports whether the assumptions that name the other thread of a
// pair (protocol.Other) in force at a and at b hold for the pair of their
// threads, each as its own thread sees it: accesses such an assumption
// mutes for a pair are not compared for it.
func Admits(a, b AccessValue) bool {
	return madeFor(&a, b.Thread) && madeFor(&b, a.Thread)
}

// Benign reports whether two access values are writes of values known to be
// equal: a benign pair, not a race unless Config.BenignRaces asks for it.
func Benign(a, b AccessValue) bool {
	return a.Access.Mode == protocol.Write && b.Access.Mode == protocol.Write &&
		a.Value != nil && b.Value != nil && *a.Value == *b.Value
}

func (a AccessValue) String() string {
	idx := make([]string, len(a.Index))
	for i, x := range a.Index {
		idx[i] = fmt.Sprint(x)
	}
	return fmt.Sprintf("thread %d: %s %s[%s] at %s", a.Thread, a.Access.Mode, a.Access.Array,
		strings.Join(idx, "]["), a.Access.At) + loopsText(a.Loops)
}

// loopsText is " (i = 1, j = 2)" for the loop variables of a point of a
// run, "" outside loops.
func loopsText(loops []LoopVal) string {
	if len(loops) == 0 {
		return ""
	}
	ls := make([]string, len(loops))
	for i, l := range loops {
		ls[i] = fmt.Sprintf("%s = %d", l.Name, l.Value)
	}
	return " (" + strings.Join(ls, ", ") + ")"
}

// EventKind says what a non-access event is.
type EventKind int

const (
	Barrier EventKind = iota // a sync
	Branch                   // the decision of a synchronized If
	Range                    // the bounds of a synchronized Loop, at its start
)

// Event is a barrier or a control decision at a synchronized conditional or
// loop. The threads of a block must produce the same events, compared with
// ==: the same node (by identity, so that nodes a transformation copied with
// the same position stay distinct) and the same values.
type Event struct {
	Kind         EventKind
	Stmt         protocol.Stmt // the Sync, If or Loop
	Cond         bool          // Branch: the value of the condition
	Lo, Hi, Step int64         // Range: the evaluated bounds
	// Trips is, for Range, the number of iterations (-1: the loop does not
	// end). Threads agree at a loop when they run it the same number of
	// times, whatever its bounds: they then reach the same barriers
	// (for pos = tid; pos < n; pos += blockDim.x).
	Trips int64
	// Scopes are the scopes of the barrier (Barrier), or of the barriers
	// the conditional or loop contains: the threads that must agree on the
	// event are those some of these barriers order.
	Scopes protocol.Scopes
}

func (e *Event) String() string {
	switch {
	case e == nil:
		return "the end of the protocol"
	case e.Kind == Barrier:
		return fmt.Sprintf("sync at %s", e.Stmt.Pos())
	case e.Kind == Branch:
		return fmt.Sprintf("if at %s taking %t", e.Stmt.Pos(), e.Cond)
	}
	return fmt.Sprintf("loop at %s over %d..%d step %d (%s)", e.Stmt.Pos(), e.Lo, e.Hi, e.Step, iterations(e.Trips))
}

// BlockRun is the history of one thread block.
type BlockRun struct {
	Block   [3]int64
	Threads []int // indices in Config.Threads of its threads that ran, in order
	// Phases is the history: phase k holds the accesses each thread made
	// after its k-th barrier and before its next, ordered by thread and then
	// by execution. There is one more phase than barriers.
	Phases [][]AccessValue
}

// Divergence is the first point where two threads of a block disagree on a
// barrier or on a synchronized decision.
type Divergence struct {
	Block   [3]int64
	At      protocol.Pos // position of the first differing event
	Threads [2]int       // indices in Config.Threads
	Events  [2]*Event    // what each did there; nil when it had finished
}

func (d *Divergence) String() string {
	return fmt.Sprintf("%s: barrier divergence in block %v: thread %d reaches %s, thread %d reaches %s",
		d.At, d.Block, d.Threads[0], d.Events[0], d.Threads[1], d.Events[1])
}

// Result is the outcome of Run.
type Result struct {
	// Blocks has one entry per distinct blockIdx among the threads that
	// ran, in order of first appearance in Config.Threads.
	Blocks []BlockRun
	// Divergence is nil if none. With divergence, Phases still split each
	// thread at its own barriers.
	Divergence *Divergence
	// Excluded lists the threads left out by a top-level assume.
	Excluded []int
	// Kinds holds the declarations of the file; Races uses it to tell
	// global arrays from shared ones.
	Kinds map[string]protocol.DeclKind
	// BenignRaces is Config.BenignRaces.
	BenignRaces bool
	// LockStep is Config.LockStep.
	LockStep bool
	// Failures lists the barrier invariants (protocol.Invariant) that do
	// not hold, for each thread they fail for.
	Failures []Failure
}

// Race is a racing pair of access values; A comes before B in the Result.
type Race struct{ A, B AccessValue }

func (r Race) String() string { return r.A.String() + " races with " + r.B.String() }

// Run evaluates the protocol f for every thread of cfg (see the package
// comment) and returns the history of each block. Errors are
// *protocol.Error values, at the offending node when there is one.
func Run(f *protocol.File, cfg Config) (*Result, error) {
	kinds := kindsOf(f)
	in, err := newInterp(cfg, kinds, protocol.Pos{File: f.Name})
	if err != nil {
		return nil, err
	}
	if err := distinctLocals(f, cfg); err != nil {
		return nil, err
	}
	var body []protocol.Stmt
	if f.Body != nil {
		body = f.Body.Stmts
		protocol.Inspect(f.Body, func(n protocol.Node) bool {
			switch n.(type) {
			case *protocol.If, *protocol.Loop:
				in.synced[n.(protocol.Stmt)] = protocol.SyncScopes(n)
			}
			return true
		})
	}
	values, seen := f.Body != nil && protocol.HasValues(f.Body), ""
	for n := 1; ; n++ {
		res := &Result{Kinds: kinds, BenignRaces: cfg.BenignRaces, LockStep: cfg.LockStep}
		var runs []*thread
		err = try(func() {
			for i := range cfg.Threads {
				th := in.newThread(i, nil)
				if !th.admitted(body) {
					res.Excluded = append(res.Excluded, i)
					continue
				}
				th.block(body, false, true)
				runs = append(runs, th)
			}
			in.decide(runs)
		})
		if err != nil {
			return nil, err
		}
		var now string
		if values {
			in.prev, now = writes(runs)
		}
		if !values || n > 1 && now == seen {
			res.Blocks, res.Divergence = combine(runs)
			for _, th := range runs {
				res.Failures = append(res.Failures, th.failed...)
			}
			return res, nil
		}
		if n == maxRuns {
			return nil, protocol.Errorf(protocol.Pos{File: f.Name}, "the values read do not settle after %d runs", n)
		}
		seen = now
		in.budget = in.limit
	}
}

// distinctLocals checks that the threads' locals respect the distinct
// declarations of f: a run where two threads hold one value in locals of
// one group is not a run of the program (an atomic counter never hands out
// a value twice).
func distinctLocals(f *protocol.File, cfg Config) error {
	for _, d := range f.Decls {
		if d.Kind != protocol.Distinct {
			continue
		}
		// distinct shared: within each block
		type key struct {
			block [3]int64
			v     int64
		}
		holder := map[key]int{}
		for i, t := range cfg.Threads {
			for _, id := range d.Names {
				k := key{v: t.Locals[id.Name]}
				if d.Block {
					k.block = t.Block
				}
				if j, seen := holder[k]; seen && j != i {
					return protocol.Errorf(id.At, "threads %d and %d both hold %d in locals declared distinct", j, i, k.v)
				}
				holder[k] = i
			}
		}
	}
	return nil
}

// Phase runs the unsynchronized statements stmts for every thread of cfg,
// with the loop variables bound outside them given by vars (the same for
// every thread; they shadow declared names), and returns the access values
// of all threads, ordered by thread and then by execution, all in phase 0.
// kinds gives the declaration of every name. stmts behaves as a nested block:
// an assume in it mutes the accesses that follow it and does not exclude the
// thread. A sync anywhere in stmts is an error.
func Phase(stmts []protocol.Stmt, vars map[string]int64, kinds map[string]protocol.DeclKind, cfg Config) ([]AccessValue, error) {
	for _, s := range stmts {
		var sync protocol.Node
		protocol.Inspect(s, func(n protocol.Node) bool {
			if _, ok := n.(*protocol.Sync); ok && sync == nil {
				sync = n
			}
			return sync == nil
		})
		if sync != nil {
			return nil, protocol.Errorf(sync.Pos(), "sync in an unsynchronized phase")
		}
	}
	in, err := newInterp(cfg, kinds, protocol.Pos{})
	if err != nil {
		return nil, err
	}
	var out []AccessValue
	err = try(func() {
		var ths []*thread
		for i := range cfg.Threads {
			th := in.newThread(i, vars)
			th.block(stmts, false, false)
			ths = append(ths, th)
		}
		in.decide(ths)
		for _, th := range ths {
			out = append(out, th.accesses...)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// combine groups the runs by block, checks that the threads that a barrier
// orders agree on their events, and builds each block's history.
func combine(runs []*thread) ([]BlockRun, *Divergence) {
	var blocks []BlockRun
	var members [][]*thread
	byBlock := map[[3]int64]int{}
	for _, th := range runs {
		b, ok := byBlock[th.t.Block]
		if !ok {
			b = len(blocks)
			byBlock[th.t.Block] = b
			blocks = append(blocks, BlockRun{Block: th.t.Block})
			members = append(members, nil)
		}
		blocks[b].Threads = append(blocks[b].Threads, th.idx)
		members[b] = append(members[b], th)
	}
	var div *Divergence
	for b := range blocks {
		if div == nil {
			div = divergeIn(blocks[b].Block, members[b])
		}
		n := 0
		for _, th := range members[b] {
			n = max(n, th.phase)
		}
		blocks[b].Phases = make([][]AccessValue, n+1)
		for _, th := range members[b] {
			for _, a := range th.accesses {
				blocks[b].Phases[a.Phase] = append(blocks[b].Phases[a.Phase], a)
			}
		}
	}
	if div == nil && len(runs) > 0 {
		div = diverge(runs[0].t.Block, runs, protocol.ScopeGrid)
	}
	return blocks, div
}

// divergeIn checks the threads of one block: those of one warp must agree
// on every event, those of different warps on the events of block and grid
// barriers.
func divergeIn(block [3]int64, ths []*thread) *Divergence {
	warps := map[int64][]*thread{}
	var order []int64
	for _, th := range ths {
		w := th.warp()
		if _, ok := warps[w]; !ok {
			order = append(order, w)
		}
		warps[w] = append(warps[w], th)
	}
	for _, w := range order {
		if d := diverge(block, warps[w], protocol.ScopeWarp); d != nil {
			return d
		}
	}
	return diverge(block, ths, protocol.ScopeBlock)
}

// diverge compares the events that matter to threads whose closest common
// group is g, of every thread with those of the first one, and reports the
// earliest difference. Any two threads that differ at event k differ from
// the first thread at k or before, so the earliest difference with the
// first thread is the earliest overall.
func diverge(block [3]int64, ths []*thread, g protocol.Scope) *Divergence {
	if len(ths) < 2 {
		return nil
	}
	ref := ths[0]
	refEvents := ref.eventsFor(g)
	other, at := -1, 0
	var otherEvents []Event
	for i, th := range ths[1:] {
		evs := th.eventsFor(g)
		if k := firstDiff(refEvents, evs); k >= 0 && (other < 0 || k < at) {
			other, at, otherEvents = i+1, k, evs
		}
	}
	if other < 0 {
		return nil
	}
	d := &Divergence{Block: block, Threads: [2]int{ref.idx, ths[other].idx}}
	for i, evs := range [][]Event{refEvents, otherEvents} {
		if at < len(evs) {
			d.Events[i] = &evs[at]
		}
	}
	if d.Events[0] != nil {
		d.At = d.Events[0].Stmt.Pos()
	} else {
		d.At = d.Events[1].Stmt.Pos()
	}
	return d
}

// eventsFor returns the events of th that threads whose closest common
// group is g must agree on: those of barriers that order them.
func (th *thread) eventsFor(g protocol.Scope) []Event {
	if g == protocol.ScopeWarp {
		return th.events
	}
	var out []Event
	for _, e := range th.events {
		if e.Scopes.Ordering(g) {
			out = append(out, e)
		}
	}
	return out
}

// warp returns the warp of the thread within its block.
func (th *thread) warp() int64 {
	t, bd := th.t.Idx, th.cfg.BlockDim
	dim := func(d int) int64 {
		if bd[d] > 0 {
			return bd[d]
		}
		return 1
	}
	ws := th.cfg.WarpSize
	if ws <= 0 {
		ws = 32
	}
	return (t[0] + t[1]*dim(0) + t[2]*dim(0)*dim(1)) / ws
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b []Event) int {
	for k := 0; k < max(len(a), len(b)); k++ {
		if k >= len(a) || k >= len(b) || !a[k].agrees(b[k]) {
			return k
		}
	}
	return -1
}

// agrees reports whether two threads that produce e and f agree there.
func (e Event) agrees(f Event) bool {
	if e.Kind == Range && f.Kind == Range {
		e.Lo, e.Hi, e.Step = f.Lo, f.Hi, f.Step
	}
	return e == f
}

func iterations(n int64) string {
	switch n {
	case -1:
		return "without end"
	case 1:
		return "1 iteration"
	}
	return fmt.Sprintf("%d iterations", n)
}

// trips is the number of iterations of a loop over lo..hi by step, -1
// when it does not end.
func trips(lo, hi, step int64) int64 {
	switch {
	case lo >= hi:
		return 0
	case step <= 0:
		return -1
	}
	d, s := uint64(hi)-uint64(lo), uint64(step)
	n := d / s
	if d%s != 0 {
		n++
	}
	return int64(n)
}

// Races returns every racing pair of r once: two access values of distinct
// threads on the same array at the same index, at least one of them a write
// (protocol.Conflicts; an atomic of block scope is a write for a thread of
// another block), and not ordered by a barrier: in the same warp phase
// of one warp, in the same phase of one block, or in different blocks on a
// global array in the same grid phase.
func Races(r *Result) []Race {
	var keys []string
	buckets := map[string][]located{}
	for _, a := range r.located() {
		k := fmt.Sprint(a.Access.Array, a.Index)
		if _, ok := buckets[k]; !ok {
			keys = append(keys, k)
		}
		buckets[k] = append(buckets[k], a)
	}
	segs := newSegments(r)
	var races []Race
	for _, k := range keys {
		as := buckets[k]
		for i, a := range as {
			for _, b := range as[i+1:] {
				if r.racing(segs, a, b) {
					races = append(races, Race{a.AccessValue, b.AccessValue})
				}
			}
		}
	}
	return races
}

// RaceBetween returns a racing pair of r (as Races counts them) of an
// access value that first selects and one that second selects, in either
// order. Only the selected values are paired: a replay asks about one
// pair, and where two threads touch one cell in every iteration of a long
// loop, Races pairs them all (nqueen's witness: a run of 24 GB, killed
// after ten minutes).
func RaceBetween(r *Result, first, second func(AccessValue) bool) (Race, bool) {
	var firsts, seconds []located
	for _, a := range r.located() {
		if first(a.AccessValue) {
			firsts = append(firsts, a)
		}
		if second(a.AccessValue) {
			seconds = append(seconds, a)
		}
	}
	if len(firsts) == 0 || len(seconds) == 0 {
		return Race{}, false
	}
	segs := newSegments(r)
	for _, a := range firsts {
		for _, b := range seconds {
			if a.order > b.order {
				a, b = b, a
			}
			if a.order != b.order && a.Access.Array == b.Access.Array && slices.Equal(a.Index, b.Index) && r.racing(segs, a, b) {
				return Race{a.AccessValue, b.AccessValue}, true
			}
		}
	}
	return Race{}, false
}

// located is an access value with its block and its place in the Result.
type located struct {
	AccessValue
	block, order int
}

// located lists the access values of r in order: by block, phase, and
// place in the phase.
func (r *Result) located() []located {
	var out []located
	for b, run := range r.Blocks {
		for _, phase := range run.Phases {
			for _, a := range phase {
				out = append(out, located{a, b, len(out)})
			}
		}
	}
	return out
}

// racing reports whether two access values of one cell, a before b in the
// Result, race: distinct threads, at least one a write (protocol.Conflicts;
// an atomic of block scope is a write for a thread of another block), not
// ordered by a barrier, and not a benign pair unless those count.
func (r *Result) racing(segs *segments, a, b located) bool {
	var concurrent bool
	g := protocol.ScopeBlock
	switch {
	case a.block != b.block:
		g = protocol.ScopeGrid
		concurrent = r.Kinds[a.Access.Array] == protocol.Global && a.GridPhase == b.GridPhase
	case a.Warp == b.Warp && r.LockStep && a.Thread != b.Thread:
		sa, sb := segs.of(a.AccessValue, b.AccessValue)
		concurrent = a.WarpPhase == b.WarpPhase && sa == sb
	case a.Warp == b.Warp:
		concurrent = a.WarpPhase == b.WarpPhase
	default:
		concurrent = a.Phase == b.Phase
	}
	return a.Thread != b.Thread && protocol.Conflicts(a.Access.ModeIn(g), b.Access.ModeIn(g)) && concurrent &&
		(r.BenignRaces || !Benign(a.AccessValue, b.AccessValue)) && Admits(a.AccessValue, b.AccessValue)
}

// segments computes, for lock-step warps, the segment of each access of a
// thread relative to another thread: the number of accesses both threads
// made (the same Step) that come before it in its thread. Two accesses of
// the two threads are concurrent when their segments are equal: no access
// both made, after which they resynchronize, separates them.
type segments struct {
	steps map[int][]*AccessValue // each thread's accesses, by Seq
	memo  map[[2]int]map[int]int // (thread, other) -> Seq -> segment
}

func newSegments(r *Result) *segments {
	s := &segments{steps: map[int][]*AccessValue{}, memo: map[[2]int]map[int]int{}}
	if !r.LockStep {
		return s
	}
	for _, run := range r.Blocks {
		for _, phase := range run.Phases {
			for i := range phase {
				a := &phase[i]
				st := s.steps[a.Thread]
				for len(st) <= a.Seq {
					st = append(st, nil)
				}
				st[a.Seq] = a
				s.steps[a.Thread] = st
			}
		}
	}
	return s
}

// madeFor reports whether a thread's access a is made for the pair of its
// thread and other: an assumption about pairs may mute it for some.
func madeFor(a *AccessValue, other int) bool {
	for _, pc := range a.pairs {
		if other < len(pc.holds) && !pc.holds[other] {
			return false
		}
	}
	return true
}

// of returns the segments of a relative to b's thread and of b relative to
// a's thread.
func (s *segments) of(a, b AccessValue) (int, int) {
	return s.seg(a.Thread, b.Thread)[a.Seq], s.seg(b.Thread, a.Thread)[b.Seq]
}

func (s *segments) seg(t, other int) map[int]int {
	key := [2]int{t, other}
	if m, ok := s.memo[key]; ok {
		return m
	}
	theirs := map[string]bool{}
	for _, a := range s.steps[other] {
		if a != nil && madeFor(a, t) {
			theirs[a.Step] = true
		}
	}
	m := map[int]int{}
	n := 0
	for seq, a := range s.steps[t] {
		m[seq] = n
		if a != nil && madeFor(a, other) && theirs[a.Step] {
			n++
		}
	}
	s.memo[key] = m
	return m
}

// Safe reports whether the run is data-race free (safe(H) for the history of
// every block, and no race across blocks) and free of barrier divergence.
func Safe(r *Result) bool {
	return r.Divergence == nil && len(Races(r)) == 0 && len(r.Failures) == 0
}

// kindsOf returns the kind of each name f declares.
func kindsOf(f *protocol.File) map[string]protocol.DeclKind {
	kinds := map[string]protocol.DeclKind{}
	for _, d := range f.Decls {
		if d.Kind == protocol.Distinct {
			continue
		}
		for _, id := range d.Names {
			if _, dup := kinds[id.Name]; !dup {
				kinds[id.Name] = d.Kind
			}
		}
	}
	return kinds
}

// Expr evaluates an expression of f for thread i of cfg, with the loop
// variables in scope bound by loops: what a report asks of a witness
// (the value of one part of an index).
func Expr(f *protocol.File, cfg Config, i int, loops map[string]int64, e protocol.Expr) (v int64, err error) {
	in, err := newInterp(cfg, kindsOf(f), e.Pos())
	if err != nil {
		return 0, err
	}
	err = try(func() { v = in.newThread(i, loops).expr(e) })
	return v, err
}
