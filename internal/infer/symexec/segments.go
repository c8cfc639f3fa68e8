package symexec

import (
	"github.com/drfcheck/drfcheck/internal/infer/ir"
)

// Between two barriers of the block, memory that no thread writes holds one
// value per address for the whole block (issue 8, point 3: "a value read
// from shared or global memory at a thread-uniform index, in a barrier
// interval where no thread writes that location, is the same for every
// thread"): a leader elected into s_best[0] before a barrier is the same
// thread for everyone after it. The intervals recognized are the kernel's
// top-level code between two barriers of the block or the grid, each run
// once by every thread; one holding a barrier deeper down (in a loop, a
// branch, an inlined function) or an Unknown statement (a write through a
// pointer the lowering cannot follow, a call it cannot see) is left out.

// segments are the top-level barrier intervals of a kernel.
type segments struct {
	of     map[*ir.Load]int    // the interval of each load in a recognized one
	writes []map[*ir.Base]bool // per interval, the memory its statements write
}

// segmentsOf splits a kernel's top level at its barriers of the block and
// the grid.
func segmentsOf(f *ir.Func) segments {
	s := segments{of: map[*ir.Load]int{}}
	var cur []ir.Stmt
	flush := func() {
		s.add(cur)
		cur = nil
	}
	for _, st := range f.Body.Stmts {
		if b, ok := st.(*ir.Barrier); ok && blockBarrier(b) {
			flush()
			continue
		}
		cur = append(cur, st)
	}
	flush()
	return s
}

// add records one interval, unless something in it keeps it out.
func (s *segments) add(sts []ir.Stmt) {
	i := len(s.writes)
	w := map[*ir.Base]bool{}
	s.writes = append(s.writes, w)
	var loads []*ir.Load
	ok := true
	for _, st := range sts {
		ir.Inspect(st, func(n ir.Node) bool {
			switch n := n.(type) {
			case *ir.Barrier:
				ok = ok && !blockBarrier(n)
			case *ir.Unknown:
				ok = false
			case *ir.Store:
				w[n.Addr.Base] = true
			case *ir.Atomic:
				w[n.Addr.Base] = true
			case *ir.Load:
				loads = append(loads, n)
			}
			return ok
		})
	}
	if !ok {
		return
	}
	for _, l := range loads {
		s.of[l] = i
	}
}

// blockBarrier reports whether a barrier orders the threads of a block
// (a warp barrier does not).
func blockBarrier(b *ir.Barrier) bool { return b.Kind != ir.SyncWarp }

// unwritten returns the interval of a load when nothing in it writes the
// load's memory.
func (s segments) unwritten(l *ir.Load) (int, bool) {
	i, ok := s.of[l]
	if !ok || s.writes[i][l.Addr.Base] {
		return 0, false
	}
	return i, true
}
