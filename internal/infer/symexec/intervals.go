package symexec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Between two barriers of the block, memory that no thread writes holds one
// value per address for the whole block: every thread that reads it there
// reads the same value (issue 8, point 3: "a value read from shared or
// global memory at a thread-uniform index, in a barrier interval where no
// thread writes that location, is the same for every thread"). A leader
// elected into s_best[0] before a barrier is the same thread for everyone
// after it, whether the election is at the kernel's top level, in a branch
// or in a loop.
//
// Which writes may share a barrier interval with a load is decided on the
// kernel's IR by the barriers that reach each statement: a statement
// belongs to the interval that starts at a barrier of the block (or at the
// kernel's entry) when a path without such a barrier leads from there to
// it. Two threads run a load and a write in one interval only if both
// passed the same barrier last, so a load no write of its memory shares a
// reaching barrier with is quiet: nothing writes what it reads while it
// reads. Jumps (break, continue, a return of an inlined call) carry their
// barriers to where they go. An Unknown statement may write anything.
// Threads run barriers alike (a barrier some threads skip is reported as
// divergence), so threads at one load, in the same iterations of the
// synchronized loops around it, are in one interval; the values of a quiet
// load are told apart by the loops' variables (quietValue), and a load in
// a synchronized loop whose variable differs between threads is left out.

// intervals records, for a kernel, which loads are quiet.
type intervals struct {
	quiet  map[*ir.Load]string // the quiet loads, each with its reaching barriers (a key)
	synced map[*ir.Load]bool   // the loads inside a loop that holds a barrier of the block
	// keys holds, for every load that no Unknown statement shares an
	// interval with, the barriers of the block that reach it among those
	// that order its memory (an OpenCL barrier that fences the other
	// memory only is none for it): the interval whose start a clean load
	// reads (memory.go). None in a kernel with a warp barrier, which
	// orders a store before a read race free within the interval.
	keys map[*ir.Load]string
}

// barriers is a set of reaching barriers: sorted indices, 0 for the entry.
type barriers []int

func (b barriers) union(c barriers) barriers {
	if len(c) == 0 {
		return b
	}
	if len(b) == 0 {
		return c
	}
	out := slices.Clone(b)
	for _, x := range c {
		if i, found := slices.BinarySearch(out, x); !found {
			out = slices.Insert(out, i, x)
		}
	}
	return out
}

func (b barriers) meets(c barriers) bool {
	for _, x := range c {
		if _, found := slices.BinarySearch(b, x); found {
			return true
		}
	}
	return false
}

func (b barriers) String() string {
	s := make([]string, len(b))
	for i, x := range b {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ".")
}

// reach is the analysis of the barriers that reach each statement.
type reach struct {
	ids    map[*ir.Barrier]int
	loads  map[*ir.Load]barriers
	writes map[*ir.Base]barriers
	any    barriers // where an Unknown statement may write anything
	loops  []*jumps // the loops around the current point, innermost last
	exits  map[*ir.Region]barriers
	synced map[*ir.Load]bool
	depth  int // how many loops holding a barrier are around the current point
	// isBarrier says which barriers end an interval
	isBarrier func(*ir.Barrier) bool
}

// jumps collects what break and continue carry out of a loop's body.
type jumps struct{ brk, cont barriers }

// intervalsOf finds the quiet loads of a kernel.
func intervalsOf(f *ir.Func) intervals {
	r := reachOf(f, blockBarrier)
	iv := intervals{quiet: map[*ir.Load]string{}, synced: r.synced, keys: map[*ir.Load]string{}}
	for l, bs := range r.loads {
		if !bs.meets(r.any) && !bs.meets(r.writes[l.Addr.Base]) {
			iv.quiet[l] = bs.String()
		}
	}
	if barrierIn(f.Body, func(b *ir.Barrier) bool { return b.Kind == ir.SyncWarp }) {
		return iv
	}
	for _, k := range []protocol.DeclKind{protocol.Shared, protocol.Global} {
		r := reachOf(f, func(b *ir.Barrier) bool { return b.Fence.Orders(k) })
		for l, bs := range r.loads {
			if memoryKind(l.Addr.Base) == k && !bs.meets(r.any) {
				iv.keys[l] = bs.String()
			}
		}
		// a loop whose barriers fence one memory only is synchronized
		// for that memory's loads (quietValue leaves them out where its
		// variable differs between threads)
		for l := range r.synced {
			iv.synced[l] = true
		}
	}
	return iv
}

// reachOf runs the analysis of the barriers that reach each statement,
// with the barriers that isBarrier accepts.
func reachOf(f *ir.Func, isBarrier func(*ir.Barrier) bool) *reach {
	r := &reach{ids: map[*ir.Barrier]int{}, loads: map[*ir.Load]barriers{}, writes: map[*ir.Base]barriers{},
		exits: map[*ir.Region]barriers{}, synced: map[*ir.Load]bool{}, isBarrier: isBarrier}
	r.block(f.Body, barriers{0})
	return r
}

// memoryKind is the kind of array a base is in protocols: shared memory is
// one, all other memory (global, __device__, __constant__) is global.
func memoryKind(b *ir.Base) protocol.DeclKind {
	if b.Kind == ir.Shared {
		return protocol.Shared
	}
	return protocol.Global
}

func (r *reach) block(b *ir.Block, in barriers) barriers {
	if b == nil {
		return in
	}
	for _, s := range b.Stmts {
		in = r.stmt(s, in)
	}
	return in
}

// stmt returns the barriers that reach the point after s (none when s
// does not fall through), given those that reach s.
func (r *reach) stmt(s ir.Stmt, in barriers) barriers {
	switch s := s.(type) {
	case *ir.Block:
		return r.block(s, in)
	case *ir.Barrier:
		if !r.isBarrier(s) {
			return in
		}
		id, ok := r.ids[s]
		if !ok {
			id = len(r.ids) + 1
			r.ids[s] = id
		}
		// the loads of its invariants' instances read memory right
		// after it (invariant.go)
		for _, inv := range s.Invariants {
			for _, in := range inv.Insts {
				r.block(in.Tid, barriers{id})
				r.block(in.Body, barriers{id})
			}
		}
		return barriers{id}
	case *ir.Load:
		r.loads[s] = r.loads[s].union(in)
		if r.depth > 0 {
			r.synced[s] = true
		}
	case *ir.Store:
		r.writes[s.Addr.Base] = r.writes[s.Addr.Base].union(in)
	case *ir.Atomic:
		r.writes[s.Addr.Base] = r.writes[s.Addr.Base].union(in)
	case *ir.Unknown:
		r.any = r.any.union(in)
	case *ir.If:
		return r.block(s.Then, in).union(r.block(s.Else, in))
	case *ir.Loop:
		return r.loop(s, in)
	case *ir.Break:
		if n := len(r.loops); n > 0 {
			r.loops[n-1].brk = r.loops[n-1].brk.union(in)
		}
		return nil
	case *ir.Continue:
		if n := len(r.loops); n > 0 {
			r.loops[n-1].cont = r.loops[n-1].cont.union(in)
		}
		return nil
	case *ir.Return:
		return nil
	case *ir.Exit:
		r.exits[s.To] = r.exits[s.To].union(in)
		return nil
	case *ir.Region:
		out := r.block(s.Body, in)
		return out.union(r.exits[s])
	}
	return in
}

// loop runs a loop's parts until the barriers at its head stop growing.
func (r *reach) loop(l *ir.Loop, in barriers) barriers {
	if barrierIn(l.Body, r.isBarrier) || barrierIn(l.Test, r.isBarrier) || barrierIn(l.Post, r.isBarrier) {
		r.depth++
		defer func() { r.depth-- }()
	}
	start := r.block(l.Init, in)
	head := start
	for {
		j := &jumps{}
		r.loops = append(r.loops, j)
		var atTest, back barriers
		if l.Kind == ir.DoWhile {
			body := r.block(l.Body, head).union(j.cont)
			atTest = r.block(l.Test, r.block(l.Post, body))
			back = atTest
		} else {
			atTest = r.block(l.Test, head)
			back = r.block(l.Post, r.block(l.Body, atTest).union(j.cont))
		}
		r.loops = r.loops[:len(r.loops)-1]
		if l.Cond == nil {
			atTest = nil // left only by a break
		}
		next := start.union(back)
		if slices.Equal(next, head) {
			return atTest.union(j.brk)
		}
		head = next
	}
}

// blockBarrier reports whether a barrier orders the threads of a block
// (a warp barrier does not) in all memory: an OpenCL barrier that fences
// one memory only is taken for none here, which keeps the loads of either
// memory around it from being quiet.
func blockBarrier(b *ir.Barrier) bool { return b.Kind != ir.SyncWarp && b.Fence == protocol.FenceAll }
