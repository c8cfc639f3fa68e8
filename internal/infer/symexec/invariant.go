package symexec

import (
	"fmt"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Barrier invariants (Chong, Donaldson, Kelly, Ketema and Qadeer,
// "Barrier Invariants: A Shared State Abstraction for the Analysis of
// Data-Dependent GPU Kernels", Sections 3.2 and 3.3), unary ones: φ is
// checked for every thread at the barrier, and assumed after it for the
// threads the instantiation expressions name.
//
// The check (rule A-BAR-ERR) evaluates φ for the thread with the values
// it knows: a location it stored to or read in the interval that ends at
// the barrier holds what it stored or read (another thread's store there
// races with its access, and that race is reported), any other location
// holds anything, a fresh value. That is the seed's known locations
// restricted to one thread of the pair, which has fewer known locations,
// so a stricter check. Its reads are ghosts: they access nothing. A
// thread for which φ may be false writes a pseudo-array of the block
// (named __barrier_invariant and the line) that every thread reads there,
// so that the two-thread query finds the failure as a race on it (the
// write is an atomic, so that two failing threads make one race), with a
// witness (the block must have two threads for that, and the assumption
// below is made only then).
//
// The assumption (rule A-BAR-INV, instantiated) evaluates φ right after
// the barrier, for each instantiation e, with threadIdx.x read as e: its
// loads read the value the interval began with (the quiet and interval
// rules, memory.go), that is the memory at the barrier, and φ[tid := e] is
// assumed where e is a thread of the block (0 <= e < blockDim.x; the
// other dimensions are the thread's own). A φ that depends on the
// thread's own values other than through threadIdx.x (a local computed
// from it before) was checked for each thread with its own values: it is
// assumed only for e == threadIdx.x. Only memory that the barrier orders
// for the whole block is read so; any other load reads a fresh value,
// about which assuming anything says nothing.

// ghostMode says how the loads of a barrier invariant read memory.
type ghostMode int

const (
	ghostNone   ghostMode = iota
	ghostCheck            // at the barrier: the values the thread knows
	ghostAssume           // after the barrier: the interval's start values
)

// checkInvariants checks a barrier's invariants, before it.
func (x *exec) checkInvariants(b *ir.Barrier) {
	for _, inv := range b.Invariants {
		var c protocol.Cond
		x.ghosted(ghostCheck, b, func() {
			x.block(inv.Check)
			c = x.cond(inv.Cond)
		})
		arr := x.k.invariantArray(inv.At)
		acc := func(m protocol.Mode) *protocol.Access {
			return &protocol.Access{At: inv.At, Mode: m, Array: arr, Index: []protocol.Expr{lit(inv.At, 0)}, Source: inv.Source}
		}
		// an atomic: two threads that both break φ make one report
		x.guarded(inv.At, not(inv.At, c), []protocol.Stmt{acc(protocol.Atomic)})
		x.emit(acc(protocol.Read))
	}
}

// assumeInvariants assumes a barrier's invariants, after it.
func (x *exec) assumeInvariants(b *ir.Barrier) {
	if b.Kind == ir.SyncWarp {
		return
	}
	for _, inv := range b.Invariants {
		for _, in := range inv.Insts {
			x.assumeInstance(b, in)
		}
	}
}

// assumeInstance assumes φ for the thread one instantiation names.
func (x *exec) assumeInstance(b *ir.Barrier, in *ir.Instance) {
	at := in.At
	var e protocol.Expr
	x.ghosted(ghostAssume, b, func() {
		x.block(in.Tid)
		e = x.asInt(at, x.eval(in.TidX))
	})
	// φ is evaluated for the thread, then threadIdx.x is replaced by e
	// in its value: the values that are functions of threadIdx.x (a
	// local t = threadIdx.x) are those of thread e too, any other value of
	// the thread's own is not
	m := x.k.mark()
	var c protocol.Cond
	sts := x.into(func() {
		x.ghosted(ghostAssume, b, func() {
			x.block(in.Body)
			c = x.cond(in.Cond)
		})
	})
	own := x.mentionsOwn(m, c) || x.mentionsOwn(m, &protocol.Block{Stmts: sts})
	sub := protocol.Subst{}
	if !own {
		sub[protocol.BuiltinName(protocol.ThreadIdx, 0)] = e
	}
	for _, s := range sts {
		// facts about the values read (their type's range, the thread's
		// own stores): true at any address
		x.emit(sub.Stmt(s))
	}
	c = sub.Cond(c)
	tid := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	dim := func(d int) protocol.Expr { return &protocol.Builtin{At: at, Kind: protocol.BlockDim, Dim: d} }
	valid := and(at, cmp(at, protocol.Le, lit(at, 0), e), cmp(at, protocol.Lt, e, dim(0)))
	if own {
		valid = cmp(at, protocol.Eq, e, tid)
	}
	two := or(at, cmp(at, protocol.Ge, dim(0), lit(at, 2)), or(at, cmp(at, protocol.Ge, dim(1), lit(at, 2)), cmp(at, protocol.Ge, dim(2), lit(at, 2))))
	x.emitAssume(&protocol.Assume{At: at, Cond: or(at, not(at, and(at, two, valid)), c)})
}

// ghosted runs f with the loads of an invariant at barrier b reading as
// mode says.
func (x *exec) ghosted(mode ghostMode, b *ir.Barrier, f func()) {
	saved := x.ghost
	x.ghost = ghostState{mode: mode, barrier: b}
	f()
	x.ghost = saved
}

// ghostState is how a barrier invariant being evaluated reads.
type ghostState struct {
	mode    ghostMode
	barrier *ir.Barrier
}

// ghostLoad is the value an invariant's load reads.
func (x *exec) ghostLoad(at protocol.Pos, s *ir.Load, off value) value {
	b := s.Addr.Base
	if x.ghost.mode == ghostCheck {
		return x.convert(at, x.knownNow(at, b, off, s.T), s.T, s.Dst.T)
	}
	g := x.ghost.barrier
	if b.Kind == ir.Private || !g.Fence.Orders(memoryKind(b)) {
		return x.fresh(at, s.Dst.T, x.nameOf(s.Dst), true, true)
	}
	return x.loaded(at, s, off)
}

// knownNow returns the value the thread knows at the bytes a load of t
// at off reads: its own store or read of them since the last barrier, the
// cell whose address equals off (cells are disjoint), newest first, and
// anything where none does.
func (x *exec) knownNow(at protocol.Pos, b *ir.Base, off value, t ir.Type) value {
	_, bl := x.taintOf(off)
	v := x.fresh(at, t, "", true, bl)
	o, ok := off.(intVal)
	if !ok || b.Kind == ir.Private {
		return v
	}
	for _, c := range x.memory().cells {
		if c.base != b || c.prev || c.t.Size != t.Size {
			continue
		}
		var cv value
		switch {
		case c.t.Kind == ir.Int && t.Kind == ir.Int:
			cv = x.convert(at, c.v, c.t, t)
		case c.t == t:
			cv = c.v
		default:
			continue
		}
		// stored on some paths only (a guard): elsewhere, anything
		v = x.merge(at, and(at, cmp(at, protocol.Eq, o.e, c.off), c.when()), cv, v)
	}
	return v
}

// mentionsOwn reports whether n mentions a thread-local value made before
// m, other than threadIdx: a value of the thread's own, not a function of
// its index.
func (x *exec) mentionsOwn(m mark, n protocol.Node) bool {
	newer := map[string]bool{}
	for _, d := range x.k.fresh[m.fresh:] {
		newer[d.name] = true
	}
	own := false
	protocol.Inspect(n, func(n protocol.Node) bool {
		switch n := n.(type) {
		case *protocol.Var:
			own = own || !newer[n.Name] && (x.k.kinds[n.Name] == protocol.Local || x.k.loopLocal[n.Name])
		}
		return !own
	})
	return own
}

// invariantArray declares the pseudo-array whose races are the failures
// of the barrier invariant at at.
func (k *kernel) invariantArray(at protocol.Pos) string {
	if a, ok := k.invariants[at]; ok {
		return a
	}
	if k.invariants == nil {
		k.invariants = map[protocol.Pos]string{}
	}
	a := k.declarePerm(fmt.Sprintf("%s%d", protocol.InvariantPrefix, at.Line), protocol.Shared, at)
	k.invariants[at] = a
	return a
}

// ghostly reports whether a barrier invariant may run a statement: one
// that writes no memory and meets no barrier.
func ghostly(s ir.Stmt) bool {
	switch s.(type) {
	case *ir.Store, *ir.Atomic, *ir.Barrier, *ir.Unknown:
		return false
	}
	return true
}
