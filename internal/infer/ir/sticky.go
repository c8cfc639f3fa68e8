package ir

import "slices"

// Sticky guards. Code that halves its active threads per level (the
// CUDA samples' Haar wavelet, tree reductions written per level) updates
// its level's variables only in the threads that take part:
//
//	for (i = 1; i < levels; ++i) {
//	  if (tid < active) { ...; active >>= 1; stride <<= 1; }
//	  __syncthreads();
//	}
//
// A thread that once fails the guard keeps its variables, so the guard
// stays false for it, and a thread that passes it has the values of the
// unguarded sequence (GPUVerify is given these facts as loop invariants).
// The loop is lowered with the same updates in an else branch, so that
// the variables move every iteration (a sequence the symbolic execution
// knows exactly) and after the loop they are unknown:
//
//	if (tid < active) { ...; active >>= 1; stride <<= 1; }
//	else { active >>= 1; stride <<= 1; }
//
// This changes no access. Until the first iteration whose guard fails,
// both run alike. From there the original keeps the variables, with the
// guard false, so it never enters again; the lowered loop moves them, and
// the guard stays false too, as each of its conjuncts either does not
// change in the loop or compares a value that does not change with one
// that only decreases (an unsigned >> or / by a constant), and so stays
// false once false. The variables differ only where the original no
// longer reads them: the guard and its branch read them, nothing else in
// the loop does, and after the loop they are unknown. Their updates read
// only each other and what the loop does not change, so the copies
// compute what the branch would. They are unsigned: the copies' values,
// which no thread uses, wrap as C's do and never overflow.

// stickyGuards lowers the sticky guards of f's loops.
func stickyGuards(f *Func) {
	Inspect(f, func(n Node) bool {
		b, ok := n.(*Block)
		if !ok {
			return true
		}
		var out []Stmt
		for _, s := range b.Stmts {
			out = append(out, s)
			if l, ok := s.(*Loop); ok {
				out = append(out, stickyLoop(l)...)
			}
		}
		b.Stmts = out
		return true
	})
}

// stickyLoop lowers the sticky guards at the top of l's body and returns
// the statements that make their variables unknown after the loop.
func stickyLoop(l *Loop) []Stmt {
	assigned := assignedIn(l.Test, l.Body, l.Post)
	invariant := func(e Expr) bool {
		ok := true
		Inspect(e, func(n Node) bool {
			switch n := n.(type) {
			case *Ref:
				ok = ok && assigned[n.Var] == 0
			case *Opaque, *Other:
				ok = false
			}
			return ok
		})
		return ok
	}
	var after []Stmt
	for _, s := range l.Body.Stmts {
		g, ok := s.(*If)
		if !ok || g.Else != nil && len(g.Else.Stmts) > 0 || hasJumpOrBarrier(g.Then) {
			continue
		}
		updates := stickyUpdates(l, g, assigned, invariant)
		if updates == nil || !monotone(g.Cond, updates, invariant) {
			continue
		}
		g.Else = &Block{At: g.At}
		for _, u := range updates {
			g.Else.Stmts = append(g.Else.Stmts, &Assign{At: u.At, Dst: u.Dst, X: u.X})
			after = append(after, &Assign{At: u.At, Dst: u.Dst, X: &Opaque{At: u.At, T: u.Dst.T,
				Reason: "a variable updated under a sticky guard, unknown after its loop"}})
		}
	}
	return after
}

// stickyUpdates returns the updates of the branch g of loop l that can be
// copied: top-level assignments of unsigned variables that the loop
// assigns nowhere else and reads only in g (its condition and branch),
// before the update too (the values an iteration hands to the next),
// computed from each other and from what the loop does not change. Nil
// when some variable of g's condition that the loop changes is not one of
// them.
func stickyUpdates(l *Loop, g *If, assigned map[*Var]int, invariant func(Expr) bool) []*Assign {
	inG := refsIn([]Expr{g.Cond}, g.Then)
	inLoop := refsIn([]Expr{l.Cond}, l.Test, l.Body, l.Post)
	cands := map[*Var]*Assign{}
	var order []*Assign
	// only what an iteration hands to the next: read (by the condition,
	// or by the branch up to its update) before it is assigned
	seen := refsIn([]Expr{g.Cond})
	for _, s := range g.Then.Stmts {
		for v, n := range refsIn(nil, &Block{Stmts: []Stmt{s}}) {
			seen[v] += n
		}
		a, ok := s.(*Assign)
		if !ok || seen[a.Dst] == 0 || a.Dst.T.Kind != Int || a.Dst.T.Signed || assigned[a.Dst] != 1 || inLoop[a.Dst] != inG[a.Dst] {
			continue
		}
		cands[a.Dst] = a
		order = append(order, a)
	}
	for changed := true; changed; {
		changed = false
		for v, a := range cands {
			if !readsOnly(a.X, cands, invariant) {
				delete(cands, v)
				changed = true
			}
		}
	}
	for v := range refsIn([]Expr{g.Cond}) {
		if assigned[v] > 0 && cands[v] == nil {
			return nil
		}
	}
	order = slices.DeleteFunc(order, func(a *Assign) bool { return cands[a.Dst] == nil })
	if len(order) == 0 {
		return nil
	}
	return order
}

// readsOnly reports whether e reads only the variables of vs and what the
// loop does not change.
func readsOnly(e Expr, vs map[*Var]*Assign, invariant func(Expr) bool) bool {
	ok := true
	Inspect(e, func(n Node) bool {
		switch n := n.(type) {
		case *Ref:
			ok = ok && (vs[n.Var] != nil || invariant(n))
		case *Opaque, *Other:
			ok = false
		}
		return ok
	})
	return ok
}

// monotone reports whether c, once false, stays false as the updates
// repeat: each conjunct does not change in the loop, or compares an
// invariant value with a variable that only decreases (a < v, a <= v,
// v > a, v >= a). At least one conjunct must involve the updates.
func monotone(c Expr, updates []*Assign, invariant func(Expr) bool) bool {
	dec := map[*Var]bool{}
	for _, u := range updates {
		dec[u.Dst] = decreasing(u)
	}
	involved := false
	var conj func(e Expr) bool
	conj = func(e Expr) bool {
		b, ok := e.(*Binary)
		if !ok {
			return invariant(e)
		}
		if b.Op == "&&" {
			return conj(b.X) && conj(b.Y)
		}
		if invariant(b) {
			return true
		}
		var small, large Expr
		switch b.Op {
		case "<", "<=":
			small, large = b.X, b.Y
		case ">", ">=":
			small, large = b.Y, b.X
		default:
			return false
		}
		v := stickyVar(large)
		if v == nil || !dec[v] || !invariant(small) {
			return false
		}
		involved = true
		return true
	}
	return conj(c) && involved
}

// stickyVar is the variable e reads, when e is a read of an unsigned
// variable, widened or not.
func stickyVar(e Expr) *Var {
	if c, ok := e.(*Convert); ok && c.To.Kind == Int && c.To.Size >= c.X.Type().Size {
		e = c.X
	}
	if r, ok := e.(*Ref); ok && r.Var.T.Kind == Int && !r.Var.T.Signed {
		return r.Var
	}
	return nil
}

// decreasing reports whether u sets its unsigned variable to itself
// shifted right or divided by a positive constant.
func decreasing(u *Assign) bool {
	b, ok := u.X.(*Binary)
	if !ok || stickyVar(b.X) != u.Dst {
		return false
	}
	k, ok := b.Y.(*Const)
	return ok && (b.Op == ">>" && k.Int >= 0 || b.Op == "/" && k.Int >= 1)
}

// assignedIn counts the statements of bs that assign each variable.
func assignedIn(bs ...*Block) map[*Var]int {
	n := map[*Var]int{}
	for _, b := range bs {
		if b == nil {
			continue
		}
		Inspect(b, func(x Node) bool {
			switch x := x.(type) {
			case *Assign:
				n[x.Dst]++
			case *Load:
				n[x.Dst]++
			case *Atomic:
				if x.Dst != nil {
					n[x.Dst]++
				}
			case *Barrier:
				if x.Dst != nil {
					n[x.Dst]++
				}
			}
			return true
		})
	}
	return n
}

// refsIn counts the reads of each variable in the expressions es and the
// blocks bs (nil ones are empty).
func refsIn(es []Expr, bs ...*Block) map[*Var]int {
	n := map[*Var]int{}
	count := func(x Node) bool {
		if r, ok := x.(*Ref); ok {
			n[r.Var]++
		}
		return true
	}
	for _, e := range es {
		if e != nil {
			Inspect(e, count)
		}
	}
	for _, b := range bs {
		if b != nil {
			Inspect(b, count)
		}
	}
	return n
}

// hasJumpOrBarrier reports whether b holds a break, continue, return,
// region exit, barrier or unsupported statement.
func hasJumpOrBarrier(b *Block) bool {
	found := false
	Inspect(b, func(n Node) bool {
		switch n.(type) {
		case *Break, *Continue, *Return, *Exit, *Barrier, *Unknown:
			found = true
		}
		return !found
	})
	return found
}
