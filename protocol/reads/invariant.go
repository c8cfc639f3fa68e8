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
	at := inv.At
	zero := &protocol.IntLit{At: at}
	// mine is the index at which the thread records a failure, theirs the
	// one it reads: the same for a unary invariant; for a binary one what
	// the checking thread supposes of the other (stand-ins) and what the
	// other is (pairCheck)
	mine, theirs := []protocol.Expr{zero}, []protocol.Expr{zero}
	cond := inv.Cond
	var peers []peer
	if inv.Binary() {
		w := l.local(fmt.Sprintf("__other_tid_%d", at.Line), at)
		cond = otherAs(cond, w)
		mine, theirs = append(mine, w), append(theirs, &protocol.Builtin{At: at, Kind: protocol.ThreadIdx})
		peers = l.peers(fr, contentArrays(inv.Cond))
		for i := range peers {
			mine, theirs = l.transmit(&peers[i], at, mine, theirs)
		}
	}
	var stmts []protocol.Stmt
	cond = l.sub.Cond(mapCond(cond, contents(func(ct *protocol.Content) protocol.Expr {
		name := l.fresh(fmt.Sprintf("__%s_seen_%d", ct.Array, at.Line))
		l.bound = append(l.bound, protocol.Ident{At: ct.At, Name: name})
		call := l.point(ct.At, name, nil, protocol.ThreadIdx, protocol.BlockIdx)
		r := &protocol.Access{At: ct.At, Mode: protocol.Read, Array: ct.Array, Index: l.indices(ct.Index)}
		stmts = append(stmts, l.recall(fr, r, call, 0, false)...)
		stmts = append(stmts, peerFacts(r, call, peers)...)
		return call
	})))
	array := l.fresh(fmt.Sprintf("%s%d", protocol.InvariantPrefix, at.Line))
	l.checks = append(l.checks, protocol.Ident{At: at, Name: array})
	failure := &protocol.Access{At: at, Mode: protocol.Atomic, Array: array, Index: mine}
	stmts = append(stmts,
		&protocol.If{At: at, Cond: &protocol.Not{At: at, X: cond}, Then: &protocol.Block{At: at, Stmts: []protocol.Stmt{failure}}},
		&protocol.Access{At: at, Mode: protocol.Read, Array: array, Index: theirs})
	return &protocol.Block{At: at, Stmts: stmts}
}

// A binary invariant is checked for a pair of threads s and t by s, with
// what both know of the cells it reads (Chong et al., Section 3.3): s
// evaluates it with stand-ins, locals of its own, for t's index and for
// the index and value of each access t made of those arrays since the
// last barrier (peers), and records a failure at an index made of the
// stand-ins; t reads the pseudo-array at the index made of its real
// values. The two meet, a race on the pseudo-array, exactly when the
// stand-ins are t's values: the failure is found for the pair, with
// what t knows. A cell neither accessed holds anything (a fresh value).

// peer is an access of the other thread of a pair that a binary
// invariant's check may use: its index and value (nil for a write that
// only hides older ones), as the other thread computes them, and the
// stand-ins of the checking thread for them.
type peer struct {
	access       *protocol.Access
	value        protocol.Expr
	write        bool
	index        []protocol.Expr // stand-ins
	standInValue protocol.Expr
}

// peers returns the accesses of arrays that the thread made since the
// last barrier and that a later access of them in the same list of
// statements follows: nearest first, as recall finds them, up to the
// bounds of a recall (the list ends before an access a bound would drop).
func (l *lowerer) peers(fr *frame, arrays map[string]bool) []peer {
	if l.noFacts {
		return nil
	}
	var ps []peer
	values, writes := 0, 0
	for f := fr; f != nil; f = f.parent {
		for j := len(f.out) - 1; j >= 0; j-- {
			switch s := f.out[j].(type) {
			case *protocol.Sync:
				return ps
			case *protocol.Access:
				if !arrays[s.Array] {
					continue
				}
				p := peer{access: s, write: s.Mode != protocol.Read}
				switch s.Mode {
				case protocol.Write:
					p.value = s.Value
				case protocol.Read:
					p.value = l.value[s]
				}
				if p.value == nil && !p.write {
					continue
				}
				if p.value != nil {
					values++
				}
				if p.write {
					writes++
				}
				if values > maxFacts || writes > maxNearer {
					return ps
				}
				ps = append(ps, p)
			case *protocol.Assume:
			default:
				if protocol.HasSync(s) {
					return ps
				}
				for a := range arrays {
					if touches(s, a) {
						return ps
					}
				}
			}
		}
		if f.loop {
			return ps
		}
	}
	return ps
}

// transmit adds a peer's index and value to the indices of the pseudo-
// array: the checking thread's stand-ins to mine, the other thread's
// values to theirs.
func (l *lowerer) transmit(p *peer, at protocol.Pos, mine, theirs []protocol.Expr) ([]protocol.Expr, []protocol.Expr) {
	for d, e := range p.access.Index {
		v := l.local(fmt.Sprintf("__peer_%s_index_%d_%d", p.access.Array, at.Line, d), at)
		p.index = append(p.index, v)
		mine, theirs = append(mine, v), append(theirs, e)
	}
	if p.value != nil {
		v := l.local(fmt.Sprintf("__peer_%s_value_%d", p.access.Array, at.Line), at)
		p.standInValue = v
		mine, theirs = append(mine, v), append(theirs, p.value)
	}
	return mine, theirs
}

// peerFacts ties the value call that the checking thread gives a cell
// (read r) to the other thread's accesses: where r's index is a peer's,
// and no nearer write of the other thread's is there, the peer's value.
func peerFacts(r *protocol.Access, call *protocol.Call, peers []peer) []protocol.Stmt {
	var facts []protocol.Stmt
	var nearer [][]protocol.Expr
	for _, p := range peers {
		if p.access.Array != r.Array {
			continue
		}
		if p.standInValue != nil {
			facts = append(facts, fact(r, call, p.index, p.standInValue, nearer))
		}
		if p.write {
			nearer = append(nearer, p.index)
		}
	}
	return facts
}

// local declares a fresh local made of base: a value of the thread's own
// that only the lowering constrains.
func (l *lowerer) local(base string, at protocol.Pos) *protocol.Var {
	name := l.fresh(base)
	l.locals = append(l.locals, protocol.Ident{At: at, Name: name})
	return &protocol.Var{At: at, Name: name}
}

// contentArrays returns the arrays whose contents c reads.
func contentArrays(c protocol.Cond) map[string]bool {
	arrays := map[string]bool{}
	protocol.Inspect(c, func(n protocol.Node) bool {
		if ct, ok := n.(*protocol.Content); ok {
			arrays[ct.Array] = true
		}
		return true
	})
	return arrays
}

// otherAs returns c with other(tid), the other thread's index, replaced
// by e.
func otherAs(c protocol.Cond, e protocol.Expr) protocol.Cond {
	return mapCond(c, func(x protocol.Expr) protocol.Expr {
		if _, ok := x.(*protocol.Other); ok {
			return e
		}
		return nil
	})
}

// contents adapts a function of contents to mapCond.
func contents(f func(*protocol.Content) protocol.Expr) func(protocol.Expr) protocol.Expr {
	return func(e protocol.Expr) protocol.Expr {
		if ct, ok := e.(*protocol.Content); ok {
			return f(ct)
		}
		return nil
	}
}

// assumed is what s's invariant gives after the barrier (lowered, which
// it records the contents of): for each thread index of For (tid when
// none) that is a thread of the block, the condition of that thread, each
// content the array's content at the barrier.
func (l *lowerer) assumed(s, lowered *protocol.Sync) []protocol.Stmt {
	inv := s.Invariant
	memory := map[string]string{}
	cond := l.sub.Cond(mapCond(inv.Cond, contents(func(ct *protocol.Content) protocol.Expr {
		m, ok := memory[ct.Array]
		if !ok {
			m = l.fresh(fmt.Sprintf("__%s_at_%d", ct.Array, inv.At.Line))
			memory[ct.Array] = m
			l.bound = append(l.bound, protocol.Ident{At: ct.At, Name: m})
		}
		return l.contentAt(m, ct.At, l.indices(ct.Index))
	})))
	l.memory[lowered] = memory
	at := inv.At
	tid := func() protocol.Expr { return &protocol.Builtin{At: at, Kind: protocol.ThreadIdx} }
	isThread := func(e protocol.Expr) protocol.Cond {
		return &protocol.Logic{At: at, Op: protocol.And,
			X: &protocol.Cmp{At: at, Op: protocol.Le, X: &protocol.IntLit{At: at}, Y: e},
			Y: &protocol.Cmp{At: at, Op: protocol.Lt, X: e, Y: &protocol.Builtin{At: at, Kind: protocol.BlockDim}}}
	}
	var facts []protocol.Stmt
	if inv.Binary() {
		// for each pair {e1, e2} of distinct threads, the condition
		// with tid as e1 and other(tid) as e2 (both at once); by
		// default the pair a race query compares
		pairs := inv.Pairs
		if len(pairs) == 0 {
			pairs = [][2]protocol.Expr{{tid(), &protocol.Other{At: at, X: tid()}}}
		}
		const placeholder = "\x00other"
		withPlaceholder := otherAs(cond, &protocol.Var{At: at, Name: placeholder})
		for _, p := range pairs {
			e1, e2 := l.sub.Expr(p[0]), l.sub.Expr(p[1])
			threads := &protocol.Logic{At: at, Op: protocol.And, X: &protocol.Logic{At: at, Op: protocol.And, X: isThread(e1), Y: isThread(e2)},
				Y: &protocol.Cmp{At: at, Op: protocol.Ne, X: e1, Y: e2}}
			instance := protocol.Subst{"threadIdx.x": e1, placeholder: e2}.Cond(withPlaceholder)
			facts = append(facts, &protocol.Assume{At: at, Cond: &protocol.Logic{At: at, Op: protocol.Or, X: &protocol.Not{At: at, X: threads}, Y: instance}})
		}
		return facts
	}
	threads := inv.For
	if len(threads) == 0 {
		threads = []protocol.Expr{tid()}
	}
	for _, e := range threads {
		e = l.sub.Expr(e)
		instance := protocol.Subst{"threadIdx.x": e}.Cond(cond)
		facts = append(facts, &protocol.Assume{At: at, Cond: &protocol.Logic{At: at, Op: protocol.Or, X: &protocol.Not{At: at, X: isThread(e)}, Y: instance}})
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

// mapCond returns c with each expression that f replaces (f returns nil
// for one it keeps, whose operands it is then given).
func mapCond(c protocol.Cond, f func(protocol.Expr) protocol.Expr) protocol.Cond {
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

// mapExpr returns e with each expression that f replaces (mapCond).
func mapExpr(e protocol.Expr, f func(protocol.Expr) protocol.Expr) protocol.Expr {
	if r := f(e); r != nil {
		return r
	}
	switch e := e.(type) {
	case *protocol.Content:
		idx := make([]protocol.Expr, len(e.Index))
		for i, x := range e.Index {
			idx[i] = mapExpr(x, f)
		}
		return &protocol.Content{At: e.At, Array: e.Array, Index: idx}
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
