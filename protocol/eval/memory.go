package eval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// This file gives memory its values, for the reads that bind the value
// they read (protocol.Access.As): a read returns what the last write of
// its location ordered before it wrote (the thread's own earlier writes,
// and the writes of other threads that a barrier orders before it, as
// Races orders accesses), or Config.Memory's value when no write is. A
// write whose value the protocol does not give, and an atomic update,
// write Config.Memory's value of the location. Where writes race, the
// last of them is one of the racing writes: the run is racy anyway.
//
// Threads run one after the other and meet only at barriers, so a run
// cannot see the writes of the threads that run after it: Run repeats the
// run, each time with the writes of the one before, until the writes no
// longer change. The values a thread reads in its k-th phase depend only
// on the writes of earlier phases and its own, so this takes at most one
// run more than there are phases. Lock-step warps (Config.LockStep) do
// not order a write before a read here: a thread reads the writes of its
// warp from earlier warp phases only.

// maxRuns bounds the runs that settle the values read.
const maxRuns = 256

// location is the key of an array cell.
func location(array string, idx []int64) string { return fmt.Sprint(array, idx) }

// writes returns the writes of the runs by location, and a text that is
// equal for two runs exactly when their writes are.
func writes(runs []*thread) (map[string][]AccessValue, string) {
	byLoc := map[string][]AccessValue{}
	var b strings.Builder
	for _, th := range runs {
		for _, a := range th.accesses {
			if a.Access.Mode == protocol.Read {
				continue
			}
			k := location(a.Access.Array, a.Index)
			byLoc[k] = append(byLoc[k], a)
			fmt.Fprintf(&b, "%d %s %d %d %d %d", a.Thread, k, a.Phase, a.WarpPhase, a.GridPhase, a.Seq)
			if a.Value != nil {
				fmt.Fprintf(&b, " = %d", *a.Value)
			}
			b.WriteByte('\n')
		}
	}
	return byLoc, b.String()
}

// memory is Config.Memory's value of a cell, or a hash in [0, 8) when
// Config.Memory is nil.
func (in *interp) memory(array string, idx []int64) int64 {
	if in.cfg.Memory != nil {
		return in.cfg.Memory(array, idx)
	}
	return defaultFunc("memory "+array, idx)
}

// bind runs a read that binds its value: the value is bound even where an
// assume mutes the access, since what follows may still compute with it.
func (th *thread) bind(a *protocol.Access, muted bool) {
	r := th.accessValue(a)
	v := th.readValue(&r)
	r.Read = &v
	if !muted {
		th.accesses = append(th.accesses, r)
	}
	if th.bound == nil {
		th.bound = map[string]int64{}
	}
	th.bound[a.As] = v
}

// readValue is the value read r finds: that of the last write of its
// location ordered before it, among the thread's own writes of this run
// and the other threads' of the run before (interp.prev).
func (th *thread) readValue(r *AccessValue) int64 {
	var last *AccessValue
	take := func(w *AccessValue) {
		if w.Access.Array == r.Access.Array && slices.Equal(w.Index, r.Index) && th.ordered(w, r) &&
			(last == nil || th.ordered(last, w)) {
			last = w
		}
	}
	for i := range th.accesses {
		if th.accesses[i].Access.Mode != protocol.Read {
			take(&th.accesses[i])
		}
	}
	for i, w := range th.prev[location(r.Access.Array, r.Index)] {
		if w.Thread != th.idx {
			take(&th.prev[location(r.Access.Array, r.Index)][i])
		}
	}
	switch {
	case last == nil || last.Value == nil:
		return th.memory(r.Access.Array, r.Index)
	}
	return *last.Value
}

// ordered reports whether access a happens before access b: in program
// order for one thread; for two, when a barrier that orders both threads
// (and the memory of the array) separates them. Shared memory is one per
// block: a write of another block is never seen.
func (th *thread) ordered(a, b *AccessValue) bool {
	if a.Thread == b.Thread {
		return a.Seq < b.Seq
	}
	ta, tb := th.cfg.Threads[a.Thread], th.cfg.Threads[b.Thread]
	switch {
	case ta.Block != tb.Block:
		return th.kinds[a.Access.Array] == protocol.Global && a.GridPhase < b.GridPhase
	case a.Warp == b.Warp:
		return a.WarpPhase < b.WarpPhase
	}
	return a.Phase < b.Phase
}

// invariant checks the barrier invariant of s for the thread, on the
// memory as the barrier leaves it (content).
func (th *thread) invariant(s *protocol.Sync) {
	th.atBarrier = true
	defer func() { th.atBarrier, th.other = false, nil }()
	if !s.Invariant.Binary() {
		if !th.cond(s.Invariant.Cond) {
			th.failed = append(th.failed, Failure{Thread: th.idx, With: -1, Sync: s, Loops: append([]LoopVal(nil), th.loops...)})
		}
		return
	}
	// about pairs: for every other thread of the block, other(tid)
	// being its index
	for j := range th.cfg.Threads {
		them := &th.cfg.Threads[j]
		if j == th.idx || them.Block != th.t.Block {
			continue
		}
		th.other = them
		if !th.cond(s.Invariant.Cond) {
			th.failed = append(th.failed, Failure{Thread: th.idx, With: j, Sync: s, Loops: append([]LoopVal(nil), th.loops...)})
			return
		}
	}
}

// content is the value of a cell of a shared array once the barrier the
// thread is at has ordered every write before it: what a read right
// after the barrier would find.
func (th *thread) content(array string, idx []int64) int64 {
	u := th.unfenced[0]
	r := AccessValue{Thread: th.idx, Access: &protocol.Access{Mode: protocol.Read, Array: array}, Index: idx,
		Phase: th.phase + 1 - u.phase, WarpPhase: th.warpPh + 1 - u.warp, GridPhase: th.gridPh - u.grid,
		Warp: th.warp(), Seq: len(th.accesses)}
	return th.readValue(&r)
}

// Failure is a barrier invariant that does not hold for a thread.
type Failure struct {
	Thread int            // index in Config.Threads
	With   int            // the other thread of a pair it fails for (a binary invariant), or -1
	Sync   *protocol.Sync // the barrier whose invariant fails
	Loops  []LoopVal      // the loop variables in scope there
}

func (f Failure) String() string {
	with := ""
	if f.With >= 0 {
		with = fmt.Sprintf(" with thread %d", f.With)
	}
	return fmt.Sprintf("thread %d: the barrier invariant at %s does not hold%s", f.Thread, f.Sync.Invariant.At, with) + loopsText(f.Loops)
}
