package reads

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
)

// This file lowers barrier invariants (.prot: sync invariant c for e;),
// the rule of Chong et al., Section 3: an invariant is checked at its
// barrier for every thread, and assumed after it for the threads it is
// instantiated for. Checked soundly (their Theorem 3.1): the thread knows
// a cell at the barrier only by its own accesses of the interval the
// barrier ends (another thread's write of the cell in the interval races
// with them); any other cell may hold anything, so that the invariant may
// fail there. Assumed: the content of a cell at the barrier is a
// function of the cell, the block and the iteration, the same for every
// thread, and the invariant's instances hold of it. A read right after
// the barrier finds that content unless the thread wrote the cell since
// (facts).

// check is the check of s's invariant for the thread, put before the
// barrier: the condition with each content the value the thread's own
// accesses of the interval give it, and a pseudo-array on which a
// failure is a race. Every thread reads the pseudo-array; a thread for
// which the condition may not hold updates it atomically before, which
// races with the others' reads (also in lock-step warps, where the read
// all make comes after it).
func (l *lowerer) check(fr *frame, s *protocol.Sync) protocol.Stmt {
	inv := s.Invariant
	var stmts []protocol.Stmt
	cond := l.sub.Cond(mapCond(inv.Cond, func(ct *protocol.Content) protocol.Expr {
		name := l.fresh(fmt.Sprintf("__%s_seen_%d", ct.Array, inv.At.Line))
		l.bound = append(l.bound, protocol.Ident{At: ct.At, Name: name})
		call := l.point(ct.At, name, nil, protocol.ThreadIdx, protocol.BlockIdx)
		r := &protocol.Access{At: ct.At, Mode: protocol.Read, Array: ct.Array, Index: l.indices(ct.Index)}
		stmts = append(stmts, l.recall(fr, r, call, 0, false)...)
		return call
	}))
	array := l.fresh(fmt.Sprintf("%s%d", protocol.InvariantPrefix, inv.At.Line))
	l.checks = append(l.checks, protocol.Ident{At: inv.At, Name: array})
	index := func() []protocol.Expr { return []protocol.Expr{&protocol.IntLit{At: inv.At}} }
	failure := &protocol.Access{At: inv.At, Mode: protocol.Atomic, Array: array, Index: index()}
	stmts = append(stmts,
		&protocol.If{At: inv.At, Cond: &protocol.Not{At: inv.At, X: cond}, Then: &protocol.Block{At: inv.At, Stmts: []protocol.Stmt{failure}}},
		&protocol.Access{At: inv.At, Mode: protocol.Read, Array: array, Index: index()})
	return &protocol.Block{At: inv.At, Stmts: stmts}
}

// assumed is what s's invariant gives after the barrier (lowered, which
// it records the contents of): for each thread index of For (tid when
// none) that is a thread of the block, the condition of that thread, each
// content the array's content at the barrier.
func (l *lowerer) assumed(s, lowered *protocol.Sync) []protocol.Stmt {
	inv := s.Invariant
	memory := map[string]string{}
	cond := l.sub.Cond(mapCond(inv.Cond, func(ct *protocol.Content) protocol.Expr {
		m, ok := memory[ct.Array]
		if !ok {
			m = l.fresh(fmt.Sprintf("__%s_at_%d", ct.Array, inv.At.Line))
			memory[ct.Array] = m
			l.bound = append(l.bound, protocol.Ident{At: ct.At, Name: m})
		}
		return l.contentAt(m, ct.At, l.indices(ct.Index))
	}))
	l.memory[lowered] = memory
	threads := inv.For
	if len(threads) == 0 {
		threads = []protocol.Expr{&protocol.Builtin{At: inv.At, Kind: protocol.ThreadIdx}}
	}
	var facts []protocol.Stmt
	at := inv.At
	for _, e := range threads {
		e = l.sub.Expr(e)
		thread := &protocol.Logic{At: at, Op: protocol.And,
			X: &protocol.Cmp{At: at, Op: protocol.Le, X: &protocol.IntLit{At: at}, Y: e},
			Y: &protocol.Cmp{At: at, Op: protocol.Lt, X: e, Y: &protocol.Builtin{At: at, Kind: protocol.BlockDim}}}
		instance := protocol.Subst{"threadIdx.x": e}.Cond(cond)
		facts = append(facts, &protocol.Assume{At: at, Cond: &protocol.Logic{At: at, Op: protocol.Or, X: &protocol.Not{At: at, X: thread}, Y: instance}})
	}
	return facts
}

func (l *lowerer) indices(es []protocol.Expr) []protocol.Expr {
	out := make([]protocol.Expr, len(es))
	for i, e := range es {
		out[i] = l.sub.Expr(e)
	}
	return out
}

// mapCond returns c with each content replaced by f's value for it.
func mapCond(c protocol.Cond, f func(*protocol.Content) protocol.Expr) protocol.Cond {
	switch c := c.(type) {
	case *protocol.Cmp:
		return &protocol.Cmp{At: c.At, Op: c.Op, X: mapExpr(c.X, f), Y: mapExpr(c.Y, f)}
	case *protocol.Not:
		return &protocol.Not{At: c.At, X: mapCond(c.X, f)}
	case *protocol.Logic:
		return &protocol.Logic{At: c.At, Op: c.Op, X: mapCond(c.X, f), Y: mapCond(c.Y, f)}
	}
	return c
}

// mapExpr returns e with each content replaced by f's value for it.
func mapExpr(e protocol.Expr, f func(*protocol.Content) protocol.Expr) protocol.Expr {
	switch e := e.(type) {
	case *protocol.Content:
		return f(e)
	case *protocol.Neg:
		return &protocol.Neg{At: e.At, X: mapExpr(e.X, f)}
	case *protocol.Binary:
		return &protocol.Binary{At: e.At, Op: e.Op, X: mapExpr(e.X, f), Y: mapExpr(e.Y, f)}
	case *protocol.Ite:
		return &protocol.Ite{At: e.At, Cond: mapCond(e.Cond, f), Then: mapExpr(e.Then, f), Else: mapExpr(e.Else, f)}
	case *protocol.Call:
		args := make([]protocol.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = mapExpr(a, f)
		}
		return &protocol.Call{At: e.At, Func: e.Func, Args: args}
	}
	return e
}
