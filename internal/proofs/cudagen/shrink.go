package cudagen

import "github.com/leanovate/gopter"

// Shrink is the shrinker of generated cases. It proposes, in this order:
// the kernel with one statement removed (compound statements first), a
// compound statement replaced by its body (an if by a branch, a loop by
// one pass of its body, a switch by a case), an else dropped; a smaller
// launch (fewer threads per dimension, fewer blocks); smaller parameter
// values and simpler input contents; then, inside expressions, an
// expression replaced by one of its operands or by 0 or 1, and literals
// made smaller. Each candidate is pruned (unused parameters, shared
// arrays, functions and structs go), checked, run and sized again by the
// interpreter; candidates that are not valid kernels are skipped, so
// every shrink is Valid.
func Shrink(v any) gopter.Shrink {
	c, ok := v.(*Case)
	if !ok || c.prog == nil {
		return gopter.NoShrink
	}
	cands := candidates(c.prog)
	i := 0
	return func() (any, bool) {
		for i < len(cands) {
			q := cands[i]()
			i++
			if q == nil {
				continue
			}
			d, err := finalize(q)
			if err != nil || d.Source == c.Source && d.Block == c.Block && d.Grid == c.Grid && paramsEqual(d.Params, c.Params) {
				continue
			}
			return d, true
		}
		return nil, false
	}
}

func paramsEqual(a, b []Param) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Value != b[i].Value || a[i].Len != b[i].Len || len(a[i].Init) != len(b[i].Init) {
			return false
		}
		for j := range a[i].Init {
			if a[i].Init[j] != b[i].Init[j] {
				return false
			}
		}
	}
	return true
}

// Shrinks lists every valid shrink of a case, in order (for tests).
func Shrinks(c *Case) []*Case {
	var out []*Case
	s := Shrink(c)
	for {
		v, ok := s()
		if !ok {
			return out
		}
		out = append(out, v.(*Case))
	}
}

// slots lists the statement lists and the expression positions of a
// program in a fixed order.
func slots(p *Program) (lists []*[]Stmt, exprs []*Expr) {
	var block func(b *Block)
	var stmt func(s Stmt)
	var expr func(e *Expr)
	expr = func(e *Expr) {
		if *e == nil {
			return
		}
		exprs = append(exprs, e)
		switch x := (*e).(type) {
		case *Index:
			expr(&x.X)
			expr(&x.I)
		case *Index2:
			expr(&x.I)
			expr(&x.J)
		case *Row:
			expr(&x.I)
		case *Member:
			expr(&x.X)
		case *Deref:
			expr(&x.X)
		case *AddrOf:
			expr(&x.X)
		case *Unary:
			expr(&x.X)
		case *Binary:
			expr(&x.X)
			expr(&x.Y)
		case *Cond:
			expr(&x.C)
			expr(&x.X)
			expr(&x.Y)
		case *Cast:
			expr(&x.X)
		case *VecLane:
			expr(&x.X)
			expr(&x.I)
		case *Call:
			for i := range x.Args {
				expr(&x.Args[i])
			}
		case *MinMax:
			expr(&x.X)
			expr(&x.Y)
		case *Atomic:
			expr(&x.P)
			expr(&x.V)
			expr(&x.W)
		case *SyncPred:
			expr(&x.X)
		case *ByteAddr:
			expr(&x.X)
			expr(&x.Off)
		case *MemOp:
			expr(&x.Dst)
			expr(&x.Src)
			expr(&x.N)
		case *LayoutOp:
			expr(&x.Buf)
		case *StmtExpr:
			lists = append(lists, &x.Stmts)
			for _, t := range x.Stmts {
				stmt(t)
			}
			expr(&x.X)
		case *Lambda:
			expr(&x.Body)
		case *LambdaCall:
			for i := range x.Args {
				expr(&x.Args[i])
			}
		case *HCall:
			for i := range x.Args {
				expr(&x.Args[i])
			}
		case *AtomOp:
			expr(&x.X)
			for i := range x.Args {
				expr(&x.Args[i])
			}
		}
	}
	stmt = func(s Stmt) {
		switch s := s.(type) {
		case *Decl:
			expr(&s.Init)
		case *Assign:
			expr(&s.L)
			expr(&s.R)
		case *IncDec:
			expr(&s.L)
		case *ExprStmt:
			expr(&s.X)
		case *If:
			expr(&s.C)
			block(s.Then)
			if s.Else != nil {
				block(s.Else)
			}
		case *For:
			stmt(s.Init)
			expr(&s.C)
			stmt(s.Post)
			block(s.Body)
		case *While:
			expr(&s.C)
			block(s.Body)
		case *DoWhile:
			block(s.Body)
			expr(&s.C)
		case *Switch:
			expr(&s.X)
			for _, c := range s.Cases {
				lists = append(lists, &c.Body)
				for _, t := range c.Body {
					stmt(t)
				}
			}
		case *Return:
			expr(&s.X)
		case *Block:
			block(s)
		}
	}
	block = func(b *Block) {
		lists = append(lists, &b.Stmts)
		for _, s := range b.Stmts {
			stmt(s)
		}
	}
	block(p.Kernel.Body)
	for _, f := range p.Funcs {
		block(f.Body)
	}
	for _, s := range p.Structs {
		for _, f := range s.Ctors {
			// a constructor's body and initializers' values (genctor.go)
			block(f.Body)
			for _, a := range f.Inits {
				expr(&a.R)
			}
		}
	}
	return lists, exprs
}

// candidates lists the shrinks of a program as functions that build them
// (on a clone) lazily.
func candidates(p *Program) []func() *Program {
	var out []func() *Program
	lists, exprs := slots(p)
	onList := func(li int, f func(l *[]Stmt)) func() *Program {
		return func() *Program {
			q := clone(p)
			ls, _ := slots(q)
			f(ls[li])
			return q
		}
	}
	onExpr := func(ei int, f func(e *Expr) bool) func() *Program {
		return func() *Program {
			q := clone(p)
			_, es := slots(q)
			if !f(es[ei]) {
				return nil
			}
			return q
		}
	}
	splice := func(l *[]Stmt, k int, with []Stmt) {
		n := append([]Stmt{}, (*l)[:k]...)
		n = append(n, with...)
		*l = append(n, (*l)[k+1:]...)
	}
	// removals: compound statements first
	for pass := 0; pass < 2; pass++ {
		for li, l := range lists {
			for k, s := range *l {
				compound := isCompound(s)
				if compound != (pass == 0) {
					continue
				}
				if d, ok := s.(*Decl); ok && (d.V.Kind == VShared || d.V.Kind == VDyn) {
					continue
				}
				out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, nil) }))
			}
		}
	}
	// compound statements replaced by their bodies
	for li, l := range lists {
		for k, s := range *l {
			switch s := s.(type) {
			case *If:
				out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, (*l)[k].(*If).Then.Stmts) }))
				if s.Else != nil {
					out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, (*l)[k].(*If).Else.Stmts) }))
					out = append(out, onList(li, func(l *[]Stmt) { (*l)[k].(*If).Else = nil }))
				}
			case *For:
				out = append(out, onList(li, func(l *[]Stmt) {
					f := (*l)[k].(*For)
					var with []Stmt
					if f.Init != nil {
						with = append(with, f.Init)
					}
					splice(l, k, append(with, f.Body.Stmts...))
				}))
			case *While:
				out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, (*l)[k].(*While).Body.Stmts) }))
			case *DoWhile:
				out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, (*l)[k].(*DoWhile).Body.Stmts) }))
			case *Block:
				out = append(out, onList(li, func(l *[]Stmt) { splice(l, k, (*l)[k].(*Block).Stmts) }))
			case *Switch:
				for ci := range s.Cases {
					out = append(out, onList(li, func(l *[]Stmt) {
						body := (*l)[k].(*Switch).Cases[ci].Body
						if n := len(body); n > 0 {
							if _, ok := body[n-1].(*Break); ok {
								body = body[:n-1]
							}
						}
						splice(l, k, body)
					}))
				}
			}
		}
	}
	// a smaller launch
	launch := func(f func(q *Program)) func() *Program {
		return func() *Program {
			q := clone(p)
			f(q)
			return q
		}
	}
	for d := 2; d >= 0; d-- {
		for _, n := range smaller(int64(p.Grid[d]), 1) {
			out = append(out, launch(func(q *Program) { q.Grid[d] = int(n) }))
		}
	}
	for d := 2; d >= 0; d-- {
		for _, n := range smaller(int64(p.Block[d]), 1) {
			out = append(out, launch(func(q *Program) { q.Block[d] = int(n) }))
		}
	}
	// smaller parameter values, simpler inputs
	for vi, v := range p.Kernel.Params {
		for fi, x := range v.Vals {
			for _, y := range smaller(x, 0) {
				out = append(out, launch(func(q *Program) { q.Kernel.Params[vi].Vals[fi] = y }))
			}
		}
		if v.Input {
			if v.InitA != 0 {
				out = append(out, launch(func(q *Program) { q.Kernel.Params[vi].InitA = 0 }))
			}
			if v.InitB != 0 {
				out = append(out, launch(func(q *Program) { q.Kernel.Params[vi].InitB = 0 }))
			}
			for _, m := range smaller(v.InitM, 1) {
				out = append(out, launch(func(q *Program) { q.Kernel.Params[vi].InitM = m }))
			}
		}
	}
	// expressions replaced by an operand, by 0 or 1; smaller literals
	for ei, e := range exprs {
		for ci := range children(*e) {
			out = append(out, onExpr(ei, func(e *Expr) bool {
				*e = children(*e)[ci]
				return true
			}))
		}
		switch x := (*e).(type) {
		case *Lit:
			if x.T.K == KFloat {
				if x.F != 0 && x.F != 1 {
					out = append(out, onExpr(ei, func(e *Expr) bool { (*e).(*Lit).F = 1; return true }))
				}
				continue
			}
			for _, y := range smaller(x.I, 0) {
				out = append(out, onExpr(ei, func(e *Expr) bool { (*e).(*Lit).I = y; return true }))
			}
		case *VarRef, *Builtin:
			out = append(out, onExpr(ei, func(e *Expr) bool { *e = intLit(0); return true }))
		default:
			for _, v := range []int64{0, 1} {
				out = append(out, onExpr(ei, func(e *Expr) bool { *e = intLit(v); return true }))
			}
		}
	}
	return out
}

// smaller proposes smaller values than x, down to lo: lo, halfway, x-1.
func smaller(x, lo int64) []int64 {
	if x <= lo {
		if x < 0 {
			return []int64{0, x / 2, x + 1}
		}
		return nil
	}
	out := []int64{lo}
	if h := (x + lo) / 2; h > lo && h < x {
		out = append(out, h)
	}
	if x-1 > lo && x-1 != (x+lo)/2 {
		out = append(out, x-1)
	}
	return out
}

func isCompound(s Stmt) bool {
	switch s.(type) {
	case *If, *For, *While, *DoWhile, *Switch, *Block:
		return true
	}
	return false
}
