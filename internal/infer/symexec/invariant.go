package symexec

import (
	"fmt"
	"slices"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Barrier invariants (Chong, Donaldson, Kelly, Ketema and Qadeer,
// "Barrier Invariants: A Shared State Abstraction for the Analysis of
// Data-Dependent GPU Kernels", Sections 3.2 and 3.3), unary and binary: φ
// is checked for every pair of distinct threads at the barrier, and
// assumed after it for the threads the instantiation expressions name.
//
// The check (rule A-BAR-ERR) evaluates φ for a pair (s, t) with the values
// they know: a location either stored to or read in the interval that
// ends at the barrier holds what it stored or read (another thread's store
// there races with that access, and the race is reported), any other
// location holds anything, a fresh value (the seed's known and unknown
// locations). Its reads are ghosts: they access nothing. The thread s that
// evaluates φ updates a pseudo-array of the block (named
// __barrier_invariant and the line) atomically where φ may be false, and
// every thread t reads it: the two-thread query finds a failure as a race
// on it, with a witness. What φ needs of t travels in the index: the
// values of t that __other_int names (s uses fresh values, which the index
// equates with t's), and the stores and reads t remembers of the arrays φ
// reads (address, value and the condition of the path that made them).
// A block needs two threads for that, and the assumptions below are made
// only then.
//
// The assumption (rule A-BAR-INV, instantiated) evaluates φ right after
// the barrier, for each instantiation, with threadIdx.x read as e (and,
// for a binary invariant, the other thread's as e2): its loads read the
// value the interval began with (the quiet and interval rules, memory.go),
// that is the memory at the barrier, and φ is assumed where e (and e2) are
// threads of the block (0 <= e < blockDim.x, e != e2; the other dimensions
// are the thread's own). Values computed from threadIdx.x (a local t =
// threadIdx.x) are those of thread e too; a φ that depends on other values
// of the thread's own was checked for each thread with its own values: a
// unary one is assumed for e == threadIdx.x only, a binary one not at all.
// Only memory that the barrier orders for the whole block is read so; any
// other load reads a fresh value, about which assuming anything says
// nothing.

// ghostMode says how the loads of a barrier invariant read memory.
type ghostMode int

const (
	ghostNone   ghostMode = iota
	ghostCheck            // at the barrier: the values the pair knows
	ghostAssume           // after the barrier: the interval's start values
	ghostPair             // a precondition about pairs: the kernel's first values
)

// ghostState is how a barrier invariant being evaluated reads.
type ghostState struct {
	mode    ghostMode
	barrier *ir.Barrier
	// check: the values of the other thread φ names (ties, added to as
	// they are met) and its cells (peers)
	ties  *[]tie
	peers []peer
	// assume: what threadIdx.x of the other thread of a binary
	// invariant's instance becomes in the values it names (a placeholder)
	other protocol.Expr
	// assume: an instantiation expression is being evaluated, where
	// __other_int(x) is x of the other thread of the pair a race query
	// compares (protocol.Other)
	instance bool
}

// tie is a value of the other thread of the pair: mine, a fresh value of
// the checking thread, is theirs in the other (the pseudo-array's index
// equates them).
type tie struct{ mine, theirs protocol.Expr }

// peer is a cell the other thread of the pair remembers: addr, v and
// when are its own values (as ties: a fresh address, value and condition
// of the checking thread's stand for them).
type peer struct {
	base          *ir.Base
	t             ir.Type
	addr, v, when tie
}

// checkInvariants checks a barrier's invariants, before it.
func (x *exec) checkInvariants(b *ir.Barrier) {
	if x.defect == UncheckedInvariants {
		return
	}
	for _, inv := range b.Invariants {
		at := inv.At
		var ties []tie
		peers := x.peers(at, inv)
		var c protocol.Cond
		x.ghosted(ghostState{mode: ghostCheck, barrier: b, ties: &ties, peers: peers}, func() {
			x.block(inv.Check)
			c = x.cond(inv.Cond)
		})
		mine, theirs := []protocol.Expr{lit(at, 0)}, []protocol.Expr{lit(at, 0)}
		for _, p := range peers {
			ties = append(ties, p.addr, p.v, p.when)
		}
		for _, t := range ties {
			mine, theirs = append(mine, t.mine), append(theirs, t.theirs)
		}
		c = x.withFacts(at, c)
		arr := x.k.invariantArray(inv)
		acc := func(m protocol.Mode, idx []protocol.Expr) *protocol.Access {
			return &protocol.Access{At: at, Mode: m, Array: arr, Index: idx, Source: inv.Source, Loops: x.iterations}
		}
		// an atomic: two threads that both break φ make one report
		x.guarded(at, not(at, c), []protocol.Stmt{acc(protocol.Atomic, mine)})
		x.emit(acc(protocol.Read, theirs))
	}
}

// withFacts returns c or the negation of a fact the thread found in a
// branch (exec.found) whose loops are around this point too: φ may fail
// only where every fact holds, as it does in every run.
func (x *exec) withFacts(at protocol.Pos, c protocol.Cond) protocol.Cond {
	for _, f := range x.found {
		if len(f.loops) <= len(x.loops) && slices.Equal(f.loops, x.loops[:len(f.loops)]) {
			c = or(at, c, not(at, f.c))
		}
	}
	return c
}

// peers makes the ties of the cells the thread remembers, since the last
// barrier, of the memory an invariant reads: the other thread of the pair
// remembers the same cells, of its own values.
func (x *exec) peers(at protocol.Pos, inv *ir.Invariant) []peer {
	read := map[*ir.Base]bool{}
	ir.Inspect(inv.Check, func(n ir.Node) bool {
		if l, ok := n.(*ir.Load); ok {
			read[l.Addr.Base] = true
		}
		return true
	})
	var ps []peer
	for _, c := range x.memory().cells {
		v, ok := c.v.(intVal)
		known := c.known()
		if isFalse(known) || !read[c.base] || !ok || c.base.Kind == ir.Private {
			continue
		}
		fresh := func(name string) protocol.Expr { return x.freshInt(at, name, true, false) }
		ps = append(ps, peer{base: c.base, t: c.t,
			addr: tie{fresh("peer_addr"), c.off},
			v:    tie{fresh("peer_value"), v.e},
			when: tie{fresh("peer_stored"), condExpr(at, known)}})
	}
	return ps
}

// other is __other_int(X) in an invariant: in a check, a fresh value tied
// to the other thread's X; in an assumption, X of the placeholder thread.
func (x *exec) other(e *ir.Other) value {
	at := e.At
	v, ok := x.eval(e.X).(intVal)
	switch {
	case !ok:
	case x.ghost.mode == ghostCheck && x.ghost.ties != nil:
		mine := x.freshInt(at, "other", true, false)
		*x.ghost.ties = append(*x.ghost.ties, tie{mine, v.e})
		return intVal{mine}
	case x.ghost.mode == ghostAssume && x.ghost.other != nil:
		return intVal{protocol.Subst{tidX: x.ghost.other}.Expr(v.e)}
	case x.ghost.mode == ghostPair && x.defect == OtherIsSelf:
		return v
	case (x.ghost.mode == ghostAssume && x.ghost.instance || x.ghost.mode == ghostPair) && x.ofThread(v.e):
		return intVal{protocol.OtherOf(v.e, func(name string) bool { return x.k.kinds[name] == protocol.Local })}
	}
	return x.fresh(at, e.T, "other", true, false)
}

// ofThread reports whether e is a value the other thread of a pair has
// too, whatever it is running: made of its indices, the kernel's
// parameters and its own unknowns (locals), never of a loop variable,
// whose value the other thread may have in another iteration.
func (x *exec) ofThread(e protocol.Expr) bool {
	ok := true
	protocol.Inspect(e, func(n protocol.Node) bool {
		if v, isVar := n.(*protocol.Var); isVar {
			k, declared := x.k.kinds[v.Name]
			ok = ok && declared && (k == protocol.Local || k == protocol.Param) && !x.k.loopLocal[v.Name]
		}
		return ok
	})
	return ok
}

// tidX is threadIdx.x in a protocol.Subst.
var tidX = protocol.BuiltinName(protocol.ThreadIdx, 0)

// assumeInvariants assumes a barrier's invariants, after it.
func (x *exec) assumeInvariants(b *ir.Barrier) {
	if b.Kind == ir.SyncWarp {
		return
	}
	for _, inv := range b.Invariants {
		for _, in := range inv.Insts {
			x.assumeInstance(b, inv, in)
		}
	}
}

// assumeInstance assumes φ for the thread (or pair) one instantiation
// names.
func (x *exec) assumeInstance(b *ir.Barrier, inv *ir.Invariant, in *ir.Instance) {
	at := in.At
	thread := func(tb *ir.Block, te ir.Expr) (e protocol.Expr) {
		x.ghosted(ghostState{mode: ghostAssume, barrier: b, instance: true}, func() {
			x.block(tb)
			e = x.asInt(at, x.eval(te))
		})
		return e
	}
	e := thread(in.Tid, in.TidX)
	var e2 protocol.Expr
	var marker *protocol.Var
	if inv.Binary {
		e2 = thread(in.Tid2, in.TidX2)
		marker = &protocol.Var{At: at, Name: x.k.names.fresh("other_tid")}
		// a thread's index: the assumption is made only where e2 is one
		x.k.ranges[marker.Name] = x.rangeOf(&protocol.Builtin{At: at, Kind: protocol.ThreadIdx})
	}
	// φ is evaluated for the thread, then threadIdx.x is replaced by e
	// in its value: the values that are functions of threadIdx.x (a
	// local t = threadIdx.x) are those of thread e too, any other value of
	// the thread's own is not
	m := x.k.mark()
	var c protocol.Cond
	g := ghostState{mode: ghostAssume, barrier: b}
	if marker != nil {
		g.other = marker
	}
	sts := x.into(func() {
		x.ghosted(g, func() {
			x.block(in.Body)
			c = x.cond(in.Cond)
		})
	})
	own := x.mentionsOwn(m, c) || x.mentionsOwn(m, &protocol.Block{Stmts: sts})
	if own && inv.Binary {
		return
	}
	sub := protocol.Subst{}
	if !own {
		sub[tidX] = e
	}
	if marker != nil {
		sub[marker.Name] = e2
	}
	for _, s := range sts {
		// facts about the values read (their type's range, the thread's
		// own stores): true at any address
		s = sub.Stmt(s)
		if !protocol.HasOther(s) {
			x.emit(s)
			continue
		}
		// of a pair: only an assume may say so (protocol.Other)
		if cs, ok := assumed(s, nil); ok {
			for _, c := range cs {
				x.emitAssume(&protocol.Assume{At: at, Cond: c})
			}
		}
	}
	c = sub.Cond(c)
	tid := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	dim := func(d int) protocol.Expr { return &protocol.Builtin{At: at, Kind: protocol.BlockDim, Dim: d} }
	isThread := func(e protocol.Expr) protocol.Cond {
		return and(at, cmp(at, protocol.Le, lit(at, 0), e), cmp(at, protocol.Lt, e, dim(0)))
	}
	valid := isThread(e)
	switch {
	case own:
		valid = cmp(at, protocol.Eq, e, tid)
	case e2 != nil:
		valid = and(at, valid, and(at, isThread(e2), cmp(at, protocol.Ne, e, e2)))
	}
	two := or(at, cmp(at, protocol.Ge, dim(0), lit(at, 2)), or(at, cmp(at, protocol.Ge, dim(1), lit(at, 2)), cmp(at, protocol.Ge, dim(2), lit(at, 2))))
	x.emitAssume(&protocol.Assume{At: at, Cond: or(at, not(at, and(at, two, valid)), c)})
}

// assumed returns the facts a statement made only of assumptions, under
// conditionals and in blocks, assumes where guard holds, as implications;
// ok is false for any other statement (an access, a barrier, a loop).
func assumed(s protocol.Stmt, guard protocol.Cond) (cs []protocol.Cond, ok bool) {
	at := s.Pos()
	imply := func(c protocol.Cond) protocol.Cond {
		if guard == nil {
			return c
		}
		return or(at, not(at, guard), c)
	}
	under := func(c protocol.Cond) protocol.Cond {
		if guard == nil {
			return c
		}
		return and(at, guard, c)
	}
	all := func(sts []protocol.Stmt, g protocol.Cond) bool {
		for _, t := range sts {
			more, ok := assumed(t, g)
			if !ok {
				return false
			}
			cs = append(cs, more...)
		}
		return true
	}
	switch s := s.(type) {
	case *protocol.Assume:
		return []protocol.Cond{imply(s.Cond)}, true
	case *protocol.Block:
		ok := all(s.Stmts, guard)
		return cs, ok
	case *protocol.If:
		ok := all(s.Then.Stmts, under(s.Cond))
		if s.Else != nil {
			ok = ok && all(s.Else.Stmts, under(not(at, s.Cond)))
		}
		return cs, ok
	}
	return nil, false
}

// ghosted runs f with the loads of an invariant reading as g says.
func (x *exec) ghosted(g ghostState, f func()) {
	saved := x.ghost
	x.ghost = g
	f()
	x.ghost = saved
}

// ghostLoad is the value an invariant's load reads.
func (x *exec) ghostLoad(at protocol.Pos, s *ir.Load, off value) value {
	b := s.Addr.Base
	if x.ghost.mode == ghostCheck && (b.Kind == ir.Private || x.written[b]) {
		// memory no thread writes during the kernel holds its first
		// value all along: every location of it is known
		return x.convert(at, x.knownNow(at, b, off, s.T), s.T, s.Dst.T)
	}
	if x.ghost.mode == ghostPair {
		// at the kernel's start: what the thread's first load there reads
		if b.Kind == ir.Private {
			return x.fresh(at, s.Dst.T, x.nameOf(s.Dst), true, true)
		}
		return x.loaded(at, s, off)
	}
	g := x.ghost.barrier
	if b.Kind == ir.Private || !g.Fence.Orders(memoryKind(b)) && x.written[b] {
		// memory no thread writes holds its first values whatever the
		// barrier orders (an input array read past a barrier of OpenCL's
		// local fence)
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
	if !ok {
		return v
	}
	// the other thread's cells, then the thread's own (a location both
	// stored to, with different values, is a race); the thread's own
	// memory (a snapshot's ghost array, ir.Snapshot) is its own only:
	// what the assumption after the barrier reads of it is anything
	for _, p := range x.ghost.peers {
		if cv, ok := x.as(at, intVal{p.v.mine}, p.t, t); ok && p.base == b && b.Kind != ir.Private {
			v = x.merge(at, and(at, cmp(at, protocol.Eq, o.e, p.addr.mine), cmp(at, protocol.Ne, p.when.mine, lit(at, 0))), cv, v)
		}
	}
	for _, c := range x.memory().cells {
		known := c.known()
		if c.base != b || isFalse(known) {
			continue
		}
		if cv, ok := x.as(at, c.v, c.t, t); ok {
			// stored on some paths only (a guard), or on the others
			// before the barrier: there, anything
			v = x.merge(at, and(at, cmp(at, protocol.Eq, o.e, c.off), known), cv, v)
		}
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
// of a barrier invariant.
func (k *kernel) invariantArray(inv *ir.Invariant) string {
	if a, ok := k.invariants[inv]; ok {
		return a
	}
	if k.invariants == nil {
		k.invariants = map[*ir.Invariant]string{}
	}
	a := k.declarePerm(fmt.Sprintf("%s%d", protocol.InvariantPrefix, inv.At.Line), protocol.Shared, inv.At)
	k.invariants[inv] = a
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

// pairAssume makes an __assume or __requires about pairs of threads
// (GPUVerify's __requires(ids[tid] != ids[__other_int(tid)]), Pre set): at
// the kernel's top level, before any access or barrier (x.pre), it is a
// precondition of the run, which holds for every two
// threads, and so for the two of each race query: a protocol assumption
// with Other (protocol.OtherOf: the other thread's indices and unknowns,
// the same functions of them; memory values are those of the kernel's
// start, functions of the address that both threads' loads share). What
// the other thread's value cannot be said of (a loop variable) is a fresh
// value, about which the assumption says nothing. Anywhere else (a
// device function, under a branch, after an access or a barrier, where
// memory may no longer be the kernel's first) it is not made: dropping an
// assumption only adds runs.
func (x *exec) pairAssume(a *ir.Assume) {
	if !x.top || x.inlined > 0 || !x.pre {
		return
	}
	var c protocol.Cond
	x.ghosted(ghostState{mode: ghostPair}, func() {
		// what its loads emit (facts about the ranges of the values
		// read, under branches that name the other thread) is dropped:
		// the other thread's own loads state them in its trace
		x.into(func() { x.block(a.Pre) })
		c = x.cond(a.Cond)
	})
	x.pre = true
	if isTrue(c) {
		return
	}
	x.k.pre = append(x.k.pre, &protocol.Assume{At: a.At, Cond: c})
}
